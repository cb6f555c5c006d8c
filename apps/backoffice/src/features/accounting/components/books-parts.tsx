import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A calendar day filter ('' for none), labelled, as the browser's date picker. */
export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="date"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 160 }}
    />
  );
}

/** 'Página n de m' with the previous and next buttons, for a list the server pages. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack
      component="nav"
      aria-label={label}
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <Typography variant="body2" role="status">
        Página {Math.min(page, pages)} de {pages} ({total} en total)
      </Typography>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </Stack>
  );
}
