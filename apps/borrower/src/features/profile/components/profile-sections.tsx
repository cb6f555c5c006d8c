import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  profileFileFields,
  type PayloadOf,
  type ProfileData,
  type ProfileFileField,
} from '@prestamos-hn/contract';
import {
  formatMoney,
  isEmailConfirmed,
  PROFILE_EDIT_GROUP_TITLES,
  PROFILE_FIELD_LABELS,
  profileGenderLabel,
  REFERENCE_KIND_LABELS,
  referenceTypeLabel,
  type ReferenceField,
} from '@prestamos-hn/domain';
import { memo, type ReactNode } from 'react';
import {
  rowAccess,
  type EditDialogId,
  type RowAccess,
  type RowAction,
  type RowGroup,
} from '../utils/editable-rows';
import { formatDate } from '../utils/format-date';
import type { ConfigFieldLists } from './config-field';
import { DocumentRow } from './document-row';

type Profile = PayloadOf<'getProfile'>;

interface Row {
  label: string;
  value: string;
  action: RowAction;
  /** A mandatory value still missing shows 'Pendiente' in red. */
  isMissing?: boolean;
  extra?: ReactNode;
}

const empty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

function listLabel(
  lists: ConfigFieldLists,
  list: keyof NonNullable<ConfigFieldLists['fieldOptions']>,
  code: string,
) {
  return lists.fieldOptions?.[list].values[code] ?? code;
}

function placeLabel(lists: ConfigFieldLists, region: string, county: string, city: string): string {
  const l = lists.locations;
  const dep = l?.deps.find((d) => d.DepCod === region)?.DepDsc ?? region;
  const mun = l?.muns.find((m) => m.DepCod === region && m.MunCod === county)?.MunDsc ?? county;
  const loc =
    l?.ubs.find((u) => u.DepCod === region && u.MunCod === county && u.LocCod === city)?.LocDsc ?? city;
  return [loc, mun, dep].filter(Boolean).join(', ');
}

/** A row that opens its edit group's dialog, labelled with the dialog's title. */
const groupRow = (action: EditDialogId | 'phone', row: Omit<Row, 'label' | 'action'>): Row => ({
  label: PROFILE_EDIT_GROUP_TITLES[action],
  action,
  ...row,
});

function mandatoryRows(d: ProfileData, lists: ConfigFieldLists): Row[] {
  const v = (value: unknown, text: string): Pick<Row, 'value' | 'isMissing'> =>
    empty(value) ? { value: 'Pendiente', isMissing: true } : { value: text };
  return [
    groupRow(
      'income_type',
      v(
        d.income_status,
        [
          listLabel(lists, 'income_status', d.income_status),
          d.business_type && listLabel(lists, 'business_type', d.business_type),
        ]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
    groupRow('bank_account', v(d.bank, `${listLabel(lists, 'bank', d.bank)} · ${d.account_number}`)),
    groupRow('marital_status', v(d.marital_status, listLabel(lists, 'marital_status', d.marital_status))),
    groupRow(
      'income',
      d.income !== null && d.income >= 1
        ? { value: `L ${formatMoney(d.income)}` }
        : { value: 'Pendiente', isMissing: true },
    ),
    groupRow('home_status', v(d.home_status, listLabel(lists, 'home_status', d.home_status))),
    groupRow(
      'residence_address',
      v(
        d.region,
        [placeLabel(lists, d.region, d.county, d.city), d.house, d.address_referece]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
    groupRow('dependents', v(d.dependents, String(d.dependents))),
    groupRow('dependents_who', { value: d.dependents_who || '—' }),
    groupRow('education', v(d.education, listLabel(lists, 'education', d.education))),
    groupRow('workplace', v(d.workplace, d.workplace)),
    groupRow('workplace_position', v(d.workplace_position, d.workplace_position)),
    groupRow(
      'work_address',
      v(
        d.work_region,
        [placeLabel(lists, d.work_region, d.work_county, d.work_city), d.workplace_address]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
    groupRow('work_experience', v(d.work_experience, formatDate(d.work_experience))),
  ];
}

function referenceRows(d: ProfileData, side: 'per' | 'lab'): Row[] {
  const type = d[`ref_tipo_${side}`];
  const row = (field: ReferenceField, value: string, required: boolean): Row => ({
    label: PROFILE_FIELD_LABELS[field],
    action: 'references',
    ...(empty(value) ? { value: required ? 'Pendiente' : '—', isMissing: required } : { value }),
  });
  return [
    row(`ref_tipo_${side}`, type ? referenceTypeLabel(type) : '', true),
    row(`ref_nom_${side}`, d[`ref_nom_${side}`], true),
    row(`ref_tel_${side}`, d[`ref_tel_${side}`], true),
    row(`ref_correo_${side}`, d[`ref_correo_${side}`], false),
  ];
}

interface ProfileSectionsProps {
  profile: Profile;
  lists: ConfigFieldLists;
  onOpen: (action: Exclude<RowAction, null>) => void;
  onLocked: (message: string) => void;
  onConfirmEmail: () => void;
}

/**
 * The general rows, the mandatory rows, both references and the four documents. Memoised: the wallet
 * balance's answer or a dialog opening does not render these rows again.
 */
export const ProfileSections = memo(function ProfileSections({
  profile,
  lists,
  onOpen,
  onLocked,
  onConfirmEmail,
}: ProfileSectionsProps) {
  const d = profile.data;
  const accessInput = { status: d.status, datasend: profile.datasend, dependents: d.dependents };
  const isConfirmed = isEmailConfirmed(profile.MailEst);

  const general: Row[] = [
    { label: PROFILE_FIELD_LABELS.person_code, value: d.person_code, action: null },
    { label: 'Contraseña', value: 'Cambiar contraseña', action: 'password' },
    { label: PROFILE_FIELD_LABELS.gender, value: profileGenderLabel(d.gender), action: null },
    groupRow('names', {
      value: [d.realname, d.midname, d.surname, d.midname2].filter(Boolean).join(' '),
    }),
    groupRow('phone', { value: d.mob_phone }),
    {
      label: PROFILE_FIELD_LABELS.email,
      value: d.email,
      action: null,
      extra: (
        <>
          <Chip
            size="small"
            label={isConfirmed ? 'Confirmado' : 'Sin confirmar'}
            color={isConfirmed ? 'success' : 'default'}
            sx={{ mr: 1 }}
          />
          {!isConfirmed && (
            <Button size="small" onClick={onConfirmEmail}>
              Confirmar correo
            </Button>
          )}
        </>
      ),
    },
    { label: PROFILE_FIELD_LABELS.birthday, value: formatDate(d.birthday), action: null },
  ];

  const section = (title: string, group: RowGroup, rows: Row[], id: string) => (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 500 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {rows.map((row) => (
          <ProfileRow
            key={`${row.label}-${row.value}`}
            row={row}
            access={row.action ? rowAccess(group, row.action, accessInput) : null}
            onOpen={onOpen}
            onLocked={onLocked}
          />
        ))}
      </List>
    </Paper>
  );

  return (
    <>
      {section('Datos generales', 'general', general, 'section-general')}
      {section('Datos obligatorios', 'mandatory', mandatoryRows(d, lists), 'section-mandatory')}
      {section(REFERENCE_KIND_LABELS.personal, 'references', referenceRows(d, 'per'), 'section-ref-per')}
      {section(REFERENCE_KIND_LABELS.labour, 'references', referenceRows(d, 'lab'), 'section-ref-lab')}
      <Paper variant="outlined" component="section" aria-labelledby="section-documents" sx={{ mb: 2 }}>
        <Typography
          id="section-documents"
          component="h2"
          variant="subtitle1"
          sx={{ px: 2, pt: 1.5, fontWeight: 500 }}
        >
          Documentos
        </Typography>
        <List dense disablePadding>
          {(Object.keys(profileFileFields) as ProfileFileField[]).map((field) => (
            <DocumentRow
              key={field}
              field={field}
              label={PROFILE_FIELD_LABELS[field]}
              isUploaded={d[field] !== ''}
              access={rowAccess('documents', null, accessInput)}
              onLocked={onLocked}
            />
          ))}
        </List>
      </Paper>
    </>
  );
});

function ProfileRow({
  row,
  access,
  onOpen,
  onLocked,
}: {
  row: Row;
  access: RowAccess | null;
  onOpen: ProfileSectionsProps['onOpen'];
  onLocked: ProfileSectionsProps['onLocked'];
}) {
  const text = (
    <ListItemText
      primary={row.label}
      secondary={row.value || '—'}
      slotProps={{
        secondary: { color: row.isMissing ? 'error' : 'text.secondary', sx: { overflowWrap: 'anywhere' } },
      }}
    />
  );
  if (!row.action || !access) {
    return (
      <ListItem divider sx={{ flexWrap: 'wrap' }}>
        {text}
        {row.extra}
      </ListItem>
    );
  }
  const action = row.action;
  return (
    <ListItem divider disablePadding>
      <ListItemButton onClick={() => (access.isEditable ? onOpen(action) : onLocked(access.alert))}>
        {text}
      </ListItemButton>
    </ListItem>
  );
}
