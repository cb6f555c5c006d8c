import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@prestamos-hn/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const renderField = (field: ReactNode) => render(<ThemeProvider theme={theme}>{field}</ThemeProvider>);
const descriptionOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('TextField (MUI outlined parts, no menu Select)', () => {
  it('names its input by the label and describes it by the helper text', () => {
    renderField(<TextField label="Correo" helperText="Ingresa un correo válido." error required />);
    const input = screen.getByRole('textbox', { name: /Correo/ });
    expect(descriptionOf(input)).toBe('Ingresa un correo válido.');
    expect((input as HTMLInputElement).required).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('passes the html input props and reports changes', () => {
    const onChange = vi.fn();
    renderField(
      <TextField
        label="Código"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('SelectField is a native select, labelled and described', () => {
    const onChange = vi.fn();
    renderField(
      <SelectField label="Plazo" helperText="Elige un plazo." value="30" onChange={onChange}>
        <option value="30">30 días</option>
        <option value="60">60 días</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Plazo' });
    expect(select.tagName).toBe('SELECT');
    expect(descriptionOf(select)).toBe('Elige un plazo.');
    fireEvent.change(select, { target: { value: '60' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
