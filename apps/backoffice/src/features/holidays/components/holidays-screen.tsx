import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { FormDialog } from '../../../components/form-dialog';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useCreateHoliday } from '../api/create-holiday';
import { useDeleteHoliday } from '../api/delete-holiday';
import { useHolidays, type Holiday } from '../api/list-holidays';
import { checkHoliday, holidayDateLabel, sundayHint, yearChoices } from '../utils/holiday-form';

/**
 * 'Feriados': the holiday calendar admins keep (decision 014, point 3). Sundays and these dates are
 * days off: a due date computed from now on (a quote, the schedule made at disbursement) that falls
 * on one moves to the next working day. One year at a time; add a date with its name, or remove one.
 */
export function HolidaysScreen() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const holidays = useHolidays(year);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const notify = useNotify();
  const shownYear = year ?? holidays.data?.year;
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title="Feriados" />
      <Typography component="h1" variant="h5" gutterBottom>
        Feriados
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Los domingos y estos días no son hábiles: una cuota que vence en uno de ellos pasa al siguiente día
        hábil, con el mismo monto. Los cambios valen para los planes que se calculen desde ahora; los ya
        calculados conservan sus fechas.
      </Typography>
      {holidays.isPending ? (
        <Typography role="status">Cargando los feriados…</Typography>
      ) : holidays.isError ? (
        <Alert severity="error" role="alert">
          {holidays.error.message}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              id="holidays-year"
              select
              label="Año"
              value={shownYear}
              onChange={(event) => setYear(Number(event.target.value))}
              sx={{ minWidth: 140 }}
            >
              {yearChoices(holidays.data.years, holidays.data.year).map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Agregar feriado
            </Button>
          </Stack>
          <HolidayTable year={holidays.data.year} items={holidays.data.items} onRemove={setRemoving} />
        </Stack>
      )}
      {adding && (
        <AddHolidayDialog
          onClose={() => setAdding(false)}
          onDone={(holiday) => {
            setAdding(false);
            setYear(Number(holiday.date.slice(0, 4)));
            notify(`Feriado agregado: ${holiday.name}, ${holidayDateLabel(holiday.date)}.`, {
              type: 'success',
            });
          }}
        />
      )}
      {removing && (
        <RemoveHolidayDialog
          holiday={removing}
          onClose={() => setRemoving(null)}
          onDone={() => {
            setRemoving(null);
            notify(`Feriado eliminado: ${removing.name}, ${holidayDateLabel(removing.date)}.`, {
              type: 'success',
            });
          }}
        />
      )}
    </Box>
  );
}

function HolidayTable({
  year,
  items,
  onRemove,
}: {
  year: number;
  items: Holiday[];
  onRemove: (holiday: Holiday) => void;
}) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (items.length === 0) return <Typography>No hay feriados en {year}.</Typography>;
  const removeLabel = (holiday: Holiday) => `Eliminar ${holiday.name}, ${holidayDateLabel(holiday.date)}`;
  if (isSmall) {
    // On a phone, one item per holiday: a table would not fit.
    return (
      <List aria-label={`Feriados de ${year}`} dense>
        {items.map((holiday) => (
          <ListItem
            key={holiday.date}
            divider
            secondaryAction={
              <Button
                color="error"
                size="small"
                onClick={() => onRemove(holiday)}
                aria-label={removeLabel(holiday)}
              >
                Eliminar
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={holiday.name}
              secondary={`${holidayDateLabel(holiday.date)} · ${holiday.createdBy ?? 'Calendario inicial'}`}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={`Feriados de ${year}`}>
        <TableHead>
          <TableRow>
            <TableCell>Fecha</TableCell>
            <TableCell>Nombre</TableCell>
            <TableCell>Agregado por</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Acciones
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((holiday) => (
            <TableRow key={holiday.date}>
              <TableCell>{holidayDateLabel(holiday.date)}</TableCell>
              <TableCell>{holiday.name}</TableCell>
              <TableCell>{holiday.createdBy ?? 'Calendario inicial'}</TableCell>
              <TableCell align="right">
                <Button
                  color="error"
                  size="small"
                  onClick={() => onRemove(holiday)}
                  aria-label={removeLabel(holiday)}
                >
                  Eliminar
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

function AddHolidayDialog({ onClose, onDone }: { onClose: () => void; onDone: (holiday: Holiday) => void }) {
  const create = useCreateHoliday();
  const { send, refusal, isSending } = useStaffAction();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [local, setLocal] = useState<{ date?: string; name?: string }>({});
  const dateError = fieldError(refusal, 'date', local.date);
  const nameError = fieldError(refusal, 'name', local.name);
  return (
    <FormDialog
      id="holiday-add"
      title="Agregar feriado"
      intro="Las cuotas que se calculen desde ahora y venzan ese día pasarán al siguiente día hábil."
      submitLabel="Agregar"
      sendingLabel="Guardando…"
      refusal={refusal}
      fieldsShown={['date', 'name']}
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        const errors = checkHoliday({ date, name });
        setLocal(errors);
        if (errors.date || errors.name) return;
        void send(async () => {
          const { holiday } = await create.mutateAsync({ date: date.trim(), name: name.trim() });
          onDone(holiday);
        });
      }}
    >
      <TextField
        id="holiday-date"
        label="Fecha"
        type="date"
        required
        autoFocus
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={Boolean(dateError)}
        helperText={dateError ?? sundayHint(date) ?? 'Día, mes y año del feriado.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: '2000-01-01', max: '2100-12-31' } }}
      />
      <TextField
        id="holiday-name"
        label="Nombre"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(nameError)}
        helperText={nameError ?? 'Por ejemplo: Feriado Morazánico.'}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}

function RemoveHolidayDialog({
  holiday,
  onClose,
  onDone,
}: {
  holiday: Holiday;
  onClose: () => void;
  onDone: () => void;
}) {
  const remove = useDeleteHoliday();
  const { send, refusal, isSending } = useStaffAction();
  return (
    <FormDialog
      id="holiday-remove"
      title="Eliminar feriado"
      intro={`¿Eliminar «${holiday.name}» del ${holidayDateLabel(holiday.date)}? Dejará de ser feriado para las cuotas que se calculen desde ahora.`}
      maxWidth="xs"
      submitLabel="Eliminar"
      submitColor="error"
      sendingLabel="Eliminando…"
      refusal={refusal}
      isSending={isSending}
      onClose={onClose}
      onSubmit={() =>
        void send(async () => {
          await remove.mutateAsync(holiday.date);
          onDone();
        })
      }
    >
      {null}
    </FormDialog>
  );
}
