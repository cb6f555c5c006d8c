import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Datagrid, List, SimpleList, TextField, type RaRecord, type SimpleListProps } from 'react-admin';
import { OfferedField } from './offered-state';

/**
 * A catalog's list (products, loan purposes): every entry, retired ones too (loans may name them),
 * each opening its edit form. On a wide screen a table from the code to the loans that name the
 * entry and its state, with the entry's own columns (`children`) between; on a phone one item each.
 */
export function CatalogList<RecordType extends RaRecord>({
  title,
  emptyText,
  primaryText,
  secondaryText,
  tertiaryText,
  children,
}: {
  title: string;
  emptyText: string;
  children: ReactNode;
} & Pick<SimpleListProps<RecordType>, 'primaryText' | 'secondaryText' | 'tertiaryText'>) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const empty = <Typography sx={{ p: 2 }}>{emptyText}</Typography>;
  return (
    <List title={title} exporter={false} perPage={25} empty={empty}>
      {isSmall ? (
        <SimpleList<RecordType>
          linkType="edit"
          primaryText={primaryText}
          secondaryText={secondaryText}
          tertiaryText={tertiaryText}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="id" label="Código" sortable={false} />
          {children}
          <TextField source="loans" label="Préstamos" sortable={false} />
          <OfferedField label="Estado" />
        </Datagrid>
      )}
    </List>
  );
}
