import { describe, expect, it } from 'vitest';
import * as messages from './messages.ts';

type Constant = {
  [K in keyof typeof messages]: (typeof messages)[K] extends string ? K : never;
}[keyof typeof messages];

describe('messages, verbatim', () => {
  it.each<[Constant, string]>([
    ['REQUIRED_FIELD_MESSAGE', 'Campo obligatorio'],
    ['SELECT_AN_OPTION_MESSAGE', 'Seleccione una opción.'],
    ['ERROR_PREFIX', 'Error: '],
    ['IDENTITY_LENGTH_MESSAGE', 'Debe ser de 13 caracteres.'],
    ['IDENTITY_MAX_DIGITS_MESSAGE', 'Máximo 13 dígitos.'],
    ['UNDERAGE_MESSAGE', 'Debes ser mayor de 21 años para continuar.'],
    ['IDENTITY_NOT_FOUND_MESSAGE', 'Por favor, ingrese un número de identidad válido.'],
    ['IDENTITY_CHECK_ERROR_MESSAGE', 'Ocurrió un error al validar la identidad.'],
    ['CONNECTION_ERROR_MESSAGE', 'Error de conexión. Intente más tarde.'],
    ['NAME_LETTERS_ONLY_MESSAGE', 'Solo letras sin espacios'],
    ['NAME_NO_SPACES_MESSAGE', 'No se permiten espacios'],
    ['FIRST_NAME_MISMATCH_MESSAGE', 'Este nombre no coincide con el DNI ingresado.'],
    ['FIRST_SURNAME_MISMATCH_MESSAGE', 'Este apellido no coincide con el DNI ingresado.'],
    ['IDENTITY_FIRST_MESSAGE', 'Debe ingresar primero un número de identidad válido.'],
    ['CENSUS_MISMATCH_TITLE', 'Coincidencia encontrada'],
    ['EMAIL_INVALID_MESSAGE', 'Ingrese un correo válido'],
    ['EMAIL_ONE_AT_SIGN_MESSAGE', 'El correo solo puede contener una arroba (@)'],
    ['BIRTH_DATE_MISMATCH_MESSAGE', 'La fecha no coincide con el DNI ingresado.'],
    ['PHONE_MAX_DIGITS_MESSAGE', 'Máximo 8 dígitos.'],
    ['PASSWORD_RULE_MESSAGE', 'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.'],
    ['PASSWORD_REPEAT_MESSAGE', 'Esta contraseña no coincide con la primera.'],
    ['DIGITS_ONLY_MESSAGE', 'Solo números.'],
    ['ADD_A_NUMBER_MESSAGE', 'Agregue un número.'],
    ['PROFILE_PHONE_MESSAGE', 'Se requieren 8 números sin espacios'],
    ['PROFILE_INCOME_MESSAGE', 'Solo numeros sin espacios'],
    ['WORKPLACE_NAME_MESSAGE', 'Escriba algo mayor a 2 caracteres.'],
    ['WRITE_SOMETHING_MESSAGE', 'Escriba algo'],
    ['REFERENCE_NAME_LETTERS_MESSAGE', 'Solo se permiten letras.'],
    ['REFERENCE_REQUIRED_MESSAGE', 'Este campo es obligatorio'],
    ['REFERENCE_TYPE_REQUIRED_MESSAGE', 'Este campo es obligatorio.'],
    ['REFERENCE_PHONE_MIN_MESSAGE', 'Debe tener al menos 8 caracteres.'],
    ['REFERENCE_PHONE_PROFILE_MESSAGE', 'Debe ser un número de 8 dígitos'],
    ['REFERENCE_EMAIL_MESSAGE', 'Debe ser un correo válido.'],
    ['REFERENCE_EMAIL_DOMAIN_MESSAGE', 'Debe ser un correo válido con @dominio'],
    ['PERSONAL_PHONE_EQUALS_LABOUR_MESSAGE', 'El teléfono personal no puede ser igual al laboral.'],
    ['LABOUR_PHONE_EQUALS_PERSONAL_MESSAGE', 'El teléfono laboral no puede ser igual al personal.'],
    ['PERSONAL_EMAIL_EQUALS_LABOUR_MESSAGE', 'El correo personal no puede ser igual al laboral.'],
    ['LABOUR_EMAIL_EQUALS_PERSONAL_MESSAGE', 'El correo laboral no puede ser igual al personal.'],
    ['PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE', 'El número no puede ser igual al de referencia personal.'],
    ['PROFILE_EMAIL_EQUALS_PERSONAL_MESSAGE', 'El correo no puede ser igual al de referencia personal.'],
    ['BANK_ACCOUNT_EXISTS_MESSAGE', 'La cuenta ya existe en nuestro sistema.'],
    [
      'RECEIPT_ALREADY_UPLOADED_MESSAGE',
      'El comprobante con este número de referencia ya ha sido cargado, se actualizará tu foto de comprobante si se reenvía',
    ],
    ['VALIDATION_ERROR_MESSAGE', 'Error validando'],
    ['OUTSIDE_OPERATING_HOURS_MESSAGE', 'Fuera de horario operativo'],
    ['RECEIPT_SENT_MESSAGE', '¡Comprobante enviado con éxito!'],
    ['RECEIPT_HOURS_NOTICE', '8:00 am - 8:00 pm'],
    ['SEND_SMS_LABEL', 'Enviar sms'],
    ['SMS_SENT_LABEL', 'Enviado'],
    ['PHONE_VALIDATED_LABEL', 'Validado'],
    ['SENDING_LABEL', 'Enviando...'],
    ['PROFILE_SAVING_LABEL', 'Enviando....'],
    ['CONFIRM_DATA_LABEL', 'Mis datos son correctos'],
    ['STAGE_2_SAVE_LABEL', 'guardar'],
    ['PROFILE_IN_VALIDATION_MESSAGE', 'Tu perfil sigue en proceso de validación. No puedes aún.'],
    [
      'LOCATION_NOT_ALLOWED_MESSAGE',
      'Lo sentimos, actualmente esta función no está permitida en tu ubicación.',
    ],
    ['EMAIL_IN_USE_MESSAGE', 'El correo ya esta en uso'],
    ['ID_IN_USE_MESSAGE', 'El ID ya esta en uso'],
    ['PHONE_IN_USE_MESSAGE', 'El teléfono ya esta en uso'],
    ['LOCATION_SEE_MORE_LABEL', 'Ver más'],
    [
      'LOCATION_REQUIRED_MESSAGE',
      'Lo sentimos es necesario que el navegador acceda a tu ubicación en tu celular.',
    ],
    [
      'LOCATION_LOOKUP_ERROR_MESSAGE',
      'Error al obtener la ubicación. Por favor, inténtalo de nuevo más tarde.',
    ],
    ['LOCATION_NO_POSITION_MESSAGE', 'No pudimos obtener tu ubicación'],
    ['RETRY_LABEL', 'Reintentar'],
    ['AMOUNT_NOT_A_NUMBER_MESSAGE', 'Escribe solo números'],
    ['FIELD_DISABLED_MESSAGE', 'Este campo está deshabilitado.'],
    ['OPTION_DISABLED_MESSAGE', 'Esta opción está deshabilitada.'],
    ['AVAILABLE_IN_12_MONTHS_MESSAGE', 'Esta opción estará disponible en 12 meses.'],
    ['NO_DEPENDENTS_MESSAGE', 'No tienes dependientes registrados.'],
    ['PAGE_NOT_FOUND_MESSAGE', 'La página a la que intenta acceder no existe.'],
  ])('%s', (name, text) => {
    expect(messages[name]).toBe(text);
  });

  it.each<[string, string]>([
    [messages.errorMessage('Código incorrecto'), 'Error: Código incorrecto'],
    [messages.missingDigitsMessage(5), 'Faltan 5 dígitos.'],
    [messages.missingDigitsMessage(1), 'Faltan 1 dígitos.'],
    [messages.loanAmountRangeMessage(500, 10000), 'Minimo L500, máximo de L10000 y multiplo de 10.'],
    [messages.loanAmountMinimumMessage(500), 'El monto debe ser mayor o igual a L.500'],
    [messages.termMinimumMessage(7), 'No debe ser menos de 7.'],
    [messages.termMaximumMessage(90), 'No debe ser mayor de 90.'],
    [messages.resendCountdownLabel(87), 'Reenviar (87s)'],
    [
      messages.phoneChangeLockedMessage(
        'Solo puedes cambiar tu teléfono una vez cada 6 meses.',
        '2027-05-01',
      ),
      'Solo puedes cambiar tu teléfono una vez cada 6 meses. (hasta el 2027-05-01)',
    ],
    [
      messages.locationDeniedMessage('Prestamos HN'),
      'Para continuar con el proceso de solicitud de préstamo en Prestamos HN App, es necesario que el navegador acceda a tu ubicación en tu celular.',
    ],
    [
      messages.cityUnavailableMessage('Juticalpa'),
      'Lo sentimos, esta opción no está disponible en Juticalpa',
    ],
    [
      messages.newVersionMessage('0.3.2'),
      'Nueva versión disponible (0.3.2), la aplicación se reiniciará automáticamente.',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
