import {
  labelOr,
  PROFILE_ERROR_STAFF_LABELS,
  referenceTypeLabel,
  STAFF_PROFILE_FIELD_LABELS,
  type StaffProfileField,
} from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AuditSection, Fact, FileHeader, Section, SimpleTable } from '../../../components/file-section';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime, formatSessionState } from '../../../lib/format';
import type { BorrowerFile as BorrowerFileData } from '../api/get-borrower-file';
import { CensusComparison } from '../../../components/census-comparison';
import { ProfileStateChip } from '../../../components/profile-state-chip';
import { DocumentGallery } from './document-viewer';

/** Every profile field of getProfile, in the order of SPEC section 3 (labels: STAFF_PROFILE_FIELD_LABELS). */
const PROFILE_GROUPS: { title: string; fields: StaffProfileField[] }[] = [
  {
    title: 'Identidad',
    fields: [
      'customer_id',
      'person_code',
      'realname',
      'midname',
      'surname',
      'midname2',
      'email',
      'mob_phone',
      'gender',
      'birthday',
      'created',
    ],
  },
  { title: 'Estado', fields: ['status', 'csas', 'datasend', 'errores_perfil', 'modified'] },
  {
    title: 'Finanzas y hogar',
    fields: [
      'income_status',
      'business_type',
      'income',
      'bank',
      'account_number',
      'marital_status',
      'home_status',
      'dependents',
      'dependents_who',
      'education',
    ],
  },
  {
    title: 'Domicilio y trabajo',
    fields: [
      'region',
      'county',
      'city',
      'house',
      'address_referece',
      'workplace',
      'workplace_position',
      'work_region',
      'work_county',
      'work_city',
      'workplace_address',
      'work_experience',
    ],
  },
  { title: 'Documentos declarados', fields: ['file1', 'file2', 'file3', 'file4'] },
];

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** A coded value with its name, 'Francisco Morazán (08)'; the bare code when no name is known. */
const withLabel = (value: unknown, label: string | undefined) =>
  label && value !== null && value !== undefined && value !== ''
    ? `${label} (${String(value)})`
    : show(value);

/** A review outcome 0-5 by its name, 'Selfie no confirmada'. */
const errorCodeText = (code: unknown) =>
  code === null || code === undefined || code === ''
    ? '—'
    : labelOr(PROFILE_ERROR_STAFF_LABELS, String(code), show(code));

/** The fields whose wire value is a code staff should not have to decode (status '1', datasend 'CMP', gender 'H'). */
const VALUE_TEXT: Partial<Record<StaffProfileField, (value: unknown) => string>> = {
  status: (v) => (String(v) === '1' ? 'Aprobado' : 'No aprobado'),
  datasend: (v) => (v === 'CMP' ? 'Sí' : 'No'),
  errores_perfil: errorCodeText,
  gender: (v) => (v === 'H' ? 'Masculino' : v === 'M' ? 'Femenino' : show(v)),
};

function ProfileFields({
  profile,
  labels,
}: {
  profile: BorrowerFileData['profile'];
  labels: BorrowerFileData['labels'];
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
      {PROFILE_GROUPS.map((group) => (
        <Box key={group.title}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
            {group.title}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(140px, 40%) 1fr',
              rowGap: 0.5,
              columnGap: 2,
            }}
          >
            {group.fields.map((key) => (
              <Fact key={key} label={STAFF_PROFILE_FIELD_LABELS[key]}>
                {VALUE_TEXT[key]?.(profile[key]) ?? withLabel(profile[key], labels[key])}
              </Fact>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const REFERENCE_KINDS = { personal: 'Personal', labour: 'Laboral' } as const;

/** The whole borrower file as staff read it; `actions` holds the review decision when it applies. */
export function BorrowerFile({ file, actions }: { file: BorrowerFileData; actions?: ReactNode }) {
  const b = file.borrower;
  const fullName = [b.firstName, b.secondName, b.firstSurname, b.secondSurname].filter(Boolean).join(' ');
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <FileHeader title={fullName} actions={actions}>
        <Typography color="text.secondary">
          DNI {b.personCode} · {b.email} {b.emailConfirmed ? '(confirmado)' : '(sin confirmar)'} · Tel.{' '}
          {b.mobPhone}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <ProfileStateChip state={file.state} />
          {file.profile.sentForReviewAt && (
            <Typography variant="body2">
              Enviado a revisión: {formatDateTime(file.profile.sentForReviewAt)}
            </Typography>
          )}
          {b.locked && <StatusChip tone="error" label="Cuenta bloqueada" />}
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {b.privacyTermsVersion === null
            ? 'Aviso de privacidad: aceptado antes de que tuviera versiones.'
            : `Aviso de privacidad: versión ${b.privacyTermsVersion}, aceptada el ${formatDateTime(b.privacyTermsAcceptedAt)}.`}
        </Typography>
      </FileHeader>

      {file.state === 'en_revision' && (
        <Section title="Cambios desde que lo envió" id="section-changes">
          {file.changesSinceSent.length === 0 ? (
            <Typography>Sin cambios desde que lo envió a revisión.</Typography>
          ) : (
            <SimpleTable
              label="Cambios desde que lo envió"
              head={['Dato', 'Cuando lo envió', 'Ahora']}
              rows={file.changesSinceSent.map((c) => [c.label, c.before, c.after])}
            />
          )}
        </Section>
      )}

      <Section title="Documentos" id="section-documents">
        <DocumentGallery documents={file.documents} />
      </Section>

      {/* The server leaves out what the role's work does not need (census, locations): no empty section. */}
      {file.census && (
        <Section title="Censo frente a lo declarado" id="section-census">
          <CensusComparison census={file.census} />
        </Section>
      )}

      <Section title="Perfil" id="section-profile">
        <ProfileFields profile={file.profile} labels={file.labels} />
      </Section>

      <Section title="Referencias" id="section-references">
        <SimpleTable
          label="Referencias"
          head={['Tipo de referencia', 'Relación', 'Nombre', 'Teléfono', 'Correo']}
          rows={file.references.map((r) => [
            labelOr(REFERENCE_KINDS, r.kind, r.kind),
            r.type ? referenceTypeLabel(r.type) : show(r.type),
            show(r.name),
            show(r.phone),
            show(r.email),
          ])}
        />
      </Section>

      {file.locations && (
        <Section title="Historial de ubicaciones" id="section-locations">
          <SimpleTable
            label="Historial de ubicaciones"
            head={['Fecha', 'Ciudad', 'Municipio', 'Coordenadas', 'IP', 'Navegador', 'Sistema']}
            rows={file.locations.map((l) => [
              formatDateTime(l.at),
              show(l.city),
              show(l.municipality),
              l.latitude === null ? '—' : `${l.latitude}, ${l.longitude}`,
              show(l.ip),
              show(l.browser),
              show(l.os),
            ])}
          />
        </Section>
      )}

      <Section title="Decisiones de revisión" id="section-reviews">
        <SimpleTable
          label="Decisiones de revisión"
          head={['Fecha', 'Analista', 'Decisión', 'Motivo', 'Nota']}
          rows={file.reviews.map((r) => [
            formatDateTime(r.decidedAt),
            r.staffName,
            r.decision === 'approve' ? 'Aprobado' : 'Devuelto',
            errorCodeText(r.errorCode),
            show(r.note),
          ])}
        />
      </Section>

      {file.sessions && (
        <Section title="Sesiones" id="section-sessions">
          <SimpleTable
            label="Sesiones"
            head={['Inicio', 'Última actividad', 'Fin', 'Estado', 'IP', 'Navegador']}
            rows={file.sessions.map((s) => [
              formatDateTime(s.createdAt),
              formatDateTime(s.lastSeenAt),
              formatDateTime(s.endedAt),
              formatSessionState(s),
              show(s.ip),
              <Typography key="ua" variant="body2" sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                {show(s.userAgent)}
              </Typography>,
            ])}
          />
        </Section>
      )}

      {file.audit && <AuditSection title="Auditoría del cliente" rows={file.audit} />}
    </Stack>
  );
}
