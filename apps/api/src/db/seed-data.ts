/**
 * Reference data the product starts with. SPEC.md gives the shape of these lists but not all their
 * values (bank names per code, housing, marital status, education ... labels); the values below are
 * ours, in the product's Spanish, and recorded in docs/decisions/008-reference-data.md.
 * Staff-managed lists (products, prices, purposes) are only inserted when missing, so a later edit
 * in the back-office survives a restart; a template's new shipped text becomes its next version only
 * while no admin has saved one (db/seed.ts).
 */

/** Codes 1 to 16: fifteen Honduran banks and one mobile-money wallet (SPEC section 3). */
export const bankSeed: { code: number; name: string; isMobileWallet?: boolean }[] = [
  { code: 1, name: 'Banco Atlántida' },
  { code: 2, name: 'BAC Credomatic' },
  { code: 3, name: 'Banco Ficohsa' },
  { code: 4, name: 'Banco de Occidente' },
  { code: 5, name: 'Banpaís' },
  { code: 6, name: 'Banco Davivienda' },
  { code: 7, name: 'Banco Promerica' },
  { code: 8, name: 'Banco LAFISE' },
  { code: 9, name: 'Banco Azteca' },
  { code: 10, name: 'Banco de los Trabajadores' },
  { code: 11, name: 'Banco Ficensa' },
  { code: 12, name: 'Banco Cuscatlán' },
  { code: 13, name: 'Banrural' },
  { code: 14, name: 'Banco Popular' },
  { code: 15, name: 'BANADESA' },
  { code: 16, name: 'Tigo Money', isMobileWallet: true },
];

/** The option lists of getFieldConstructor.php other than `bank`, in display order. */
export const fieldOptionSeed: Record<string, [value: string, label: string][]> = {
  home_status: [
    ['propia', 'Casa propia'],
    ['alquilada', 'Alquilada'],
    ['familiar', 'Casa de un familiar'],
    ['hipotecada', 'Propia, pagando hipoteca'],
    ['otra', 'Otra'],
  ],
  income_status: [
    ['asalariado', 'Asalariado'],
    ['comerciante', 'Comerciante'],
  ],
  business_type: [
    ['pulperia', 'Pulpería'],
    ['comedor', 'Comedor o venta de comida'],
    ['tienda', 'Tienda de ropa o calzado'],
    ['mercado', 'Puesto en el mercado'],
    ['taller', 'Taller'],
    ['transporte', 'Transporte (taxi, mototaxi, fletes)'],
    ['belleza', 'Salón de belleza o barbería'],
    ['servicios', 'Otros servicios'],
    ['otro', 'Otro'],
  ],
  marital_status: [
    ['soltero', 'Soltero(a)'],
    ['casado', 'Casado(a)'],
    ['union_libre', 'Unión libre'],
    ['divorciado', 'Divorciado(a)'],
    ['viudo', 'Viudo(a)'],
  ],
  education: [
    ['ninguna', 'Sin estudios'],
    ['primaria', 'Primaria'],
    ['secundaria', 'Secundaria'],
    ['tecnico', 'Técnico'],
    ['universitaria', 'Universitaria'],
    ['postgrado', 'Postgrado'],
  ],
};

export const loanPurposeSeed: { id: number; title: string }[] = [
  { id: 1, title: 'Capital de trabajo' },
  { id: 2, title: 'Compra de mercadería' },
  { id: 3, title: 'Gastos médicos' },
  { id: 4, title: 'Educación' },
  { id: 5, title: 'Mejoras a la vivienda' },
  { id: 6, title: 'Pago de deudas' },
  { id: 7, title: 'Emergencia familiar' },
  { id: 8, title: 'Otro' },
];

/**
 * One product per period type, each with its price list (amounts in centavos, rate in basis points).
 * The late fee is charged once per instalment the day it turns late: L 50 a week, L 75 a fortnight,
 * L 100 a month, about 2 to 10 % of an instalment (docs/decisions/013-servicing.md), after one day
 * of grace, and an instalment short by L 1.00 or less is neither late nor charged (decision 014).
 */
export const productSeed = [
  {
    id: 1,
    periodType: 'semanal',
    name: 'Préstamo semanal',
    description: 'Pagos cada semana, de 1 a 4 semanas.',
    price: { minAmountCents: 50_000, maxAmountCents: 300_000, minDays: 7, maxDays: 28, lateFeeCents: 5_000 },
  },
  {
    id: 2,
    periodType: 'quincenal',
    name: 'Préstamo quincenal',
    description: 'Pagos cada quincena, de 1 a 2 quincenas.',
    price: {
      minAmountCents: 100_000,
      maxAmountCents: 500_000,
      minDays: 15,
      maxDays: 30,
      lateFeeCents: 7_500,
    },
  },
  {
    id: 3,
    periodType: 'mensual',
    name: 'Préstamo mensual',
    description: 'Pagos cada mes, de 1 a 3 meses.',
    price: {
      minAmountCents: 100_000,
      maxAmountCents: 1_000_000,
      minDays: 30,
      maxDays: 90,
      lateFeeCents: 10_000,
    },
  },
].map((p) => ({
  ...p,
  // 60 % annual; administrative fee 5 % of the amount per period, as the SPEC's calculator uses.
  // One day of grace and L 1.00 of tolerance (the columns' defaults, written out: decision 014).
  price: {
    ...p.price,
    annualRateBp: 6000,
    feeType: 'percent' as const,
    feeValue: 500,
    graceDays: 1,
    arrearsToleranceCents: 100,
  },
}));

/**
 * Contract and promissory-note templates: the text this release ships of each. `{{placeholders}}`
 * are filled when a loan is requested (services/loans/documents.ts, LOAN_DOCUMENT_PLACEHOLDERS):
 * nombre, identidad, direccion, telefono, correo, banco, cuenta_bancaria, monto, monto_letras,
 * plazo_dias, numero_pagos, periodo, proposito, tasa_anual, costo_anual_total, intereses,
 * gastos_administrativos, total_a_pagar, total_a_pagar_letras, plan_de_pagos (an HTML table), fecha,
 * ciudad, marca, the arrears terms recargo_mora, dias_gracia, tolerancia_mora,
 * tasa_moratoria_diaria, and cuentas_de_pago (the lender's active collection accounts, issue 35). A new database starts with this text as version 1; on an older one it is
 * added as the next version unless an admin has saved one (db/seed.ts, seedTemplateVersions).
 *
 * The arrears terms (decision 014, point 8): the late fee once per instalment not paid within the
 * grace days after its due date; an instalment short by no more than the tolerance is not late;
 * after the final due date the overdue principal accrues default interest daily at the loan's own
 * rate, paid after the late fee. The plan's dates count from the disbursement, and the borrower gets
 * the final plan then.
 */
export const documentTemplateSeed = [
  {
    kind: 'contract',
    title: 'Contrato de préstamo',
    body: [
      '<h2>CONTRATO DE PRÉSTAMO</h2>',
      '<p>En la ciudad de {{ciudad}}, a {{fecha}}, comparecen por una parte {{marca}}, en adelante «EL ACREEDOR», ',
      'y por otra parte {{nombre}}, mayor de edad, con Documento Nacional de Identificación número {{identidad}}, ',
      'con domicilio en {{direccion}}, teléfono {{telefono}}, en adelante «EL DEUDOR», quienes convienen en celebrar el presente contrato de préstamo.</p>',
      '<p><strong>PRIMERA. Monto y destino.</strong> EL ACREEDOR entrega a EL DEUDOR la cantidad de L {{monto}} ({{monto_letras}}), ',
      'destinada a {{proposito}}, que EL DEUDOR recibe a su entera satisfacción mediante depósito en su cuenta {{cuenta_bancaria}} de {{banco}}.</p>',
      '<p><strong>SEGUNDA. Plazo y forma de pago.</strong> EL DEUDOR pagará el préstamo en {{numero_pagos}} cuotas de periodicidad ',
      '{{periodo}}, en un plazo de {{plazo_dias}} días. Las fechas de pago se cuentan desde el día del desembolso, es decir, ',
      'desde el día en que EL ACREEDOR envía el dinero: la primera cuota vence un período después del desembolso y cada una de ',
      'las siguientes, un período después de la anterior. Si una fecha de pago cae en domingo o en día feriado, la cuota vence ',
      'el siguiente día hábil.</p>',
      '<p><strong>TERCERA. Intereses y gastos.</strong> El préstamo devenga un interés anual de {{tasa_anual}} % sobre saldos, ',
      'que suma L {{intereses}}, más gastos administrativos de L {{gastos_administrativos}}. El total a pagar es de ',
      'L {{total_a_pagar}} ({{total_a_pagar_letras}}). El costo anual total (CAT) del préstamo es de {{costo_anual_total}} %.</p>',
      '<h3>Plan de pagos estimado</h3>',
      '<p>Las fechas de este plan se cuentan desde hoy, {{fecha}}, como si el desembolso fuera hoy. Las fechas definitivas se ',
      'cuentan desde el día del desembolso: ese día EL DEUDOR recibe en la aplicación su plan de pagos definitivo, con los ',
      'mismos montos, que puede descargar en PDF.</p>',
      '{{plan_de_pagos}}',
      '<p><strong>CUARTA. Pagos.</strong> EL DEUDOR realizará sus pagos mediante depósito bancario en cualquiera de las ',
      'cuentas de cobro de EL ACREEDOR: {{cuentas_de_pago}}. En cada depósito escribirá como referencia el número de su ',
      'préstamo, que aparece en la aplicación, y enviará el comprobante desde la aplicación. Si EL ACREEDOR cambia sus ',
      'cuentas de cobro, las vigentes son las que muestra la aplicación. Los pagos recibidos después del horario operativo ',
      'se aplican el día hábil siguiente.</p>',
      '<p><strong>QUINTA. Mora.</strong> Si una cuota no se paga completa dentro de {{dias_gracia}} después de su fecha de pago, ',
      'EL DEUDOR paga por esa cuota un recargo por mora de L {{recargo_mora}}, que se cobra una sola vez por cuota. Una cuota ',
      'a la que le falten L {{tolerancia_mora}} o menos no se considera atrasada y no genera recargo. Vencido el plazo del ',
      'préstamo, es decir, después de la fecha de pago de la última cuota, el capital vencido y no pagado devenga un interés ',
      'moratorio por cada día de atraso a la misma tasa del préstamo: el interés anual de {{tasa_anual}} % de la cláusula ',
      'TERCERA, que por día es la tasa del período dividida entre los días del período, {{tasa_moratoria_diaria}} % diario. ',
      'El interés moratorio se cobra día a día y se paga después del recargo por mora. La falta de pago faculta además a ',
      'EL ACREEDOR a exigir el saldo pendiente.</p>',
      '<p><strong>SEXTA. Aceptación.</strong> EL DEUDOR declara haber leído este contrato y lo acepta por medios electrónicos.</p>',
    ].join(''),
  },
  {
    kind: 'promissory_note',
    title: 'Pagaré',
    body: [
      '<h2>PAGARÉ</h2>',
      '<p>Por L {{total_a_pagar}}</p>',
      '<p>Yo, {{nombre}}, con Documento Nacional de Identificación número {{identidad}}, con domicilio en {{direccion}}, ',
      'me obligo a pagar incondicionalmente a la orden de {{marca}} la cantidad de L {{total_a_pagar}} ({{total_a_pagar_letras}}), ',
      'en {{numero_pagos}} cuotas de periodicidad {{periodo}}, conforme al plan de pagos del préstamo de L {{monto}} ',
      '({{monto_letras}}) solicitado el {{fecha}}. Las fechas de pago se cuentan desde el día del desembolso: la primera cuota ',
      'vence un período después del desembolso y cada una de las siguientes, un período después de la anterior; si una fecha ',
      'cae en domingo o en día feriado, la cuota vence el siguiente día hábil. Las fechas del plan siguiente se cuentan desde ',
      'el {{fecha}}; las definitivas, desde el desembolso.</p>',
      '{{plan_de_pagos}}',
      '<p>Si una cuota no se paga completa dentro de {{dias_gracia}} después de su fecha de pago, pagaré por esa cuota un ',
      'recargo por mora de L {{recargo_mora}}, una sola vez por cuota; una cuota a la que le falten L {{tolerancia_mora}} o ',
      'menos no se considera atrasada y no genera recargo. Después de la fecha de pago de la última cuota, el capital vencido ',
      'y no pagado devenga un interés moratorio por cada día de atraso a la misma tasa del préstamo ({{tasa_anual}} % anual, ',
      '{{tasa_moratoria_diaria}} % diario: la tasa del período dividida entre los días del período), que se cobra día a día y ',
      'se paga después del recargo por mora.</p>',
      '<p>En caso de mora, el saldo pendiente será exigible de inmediato. Firmo electrónicamente en {{ciudad}}, a {{fecha}}.</p>',
    ].join(''),
  },
  {
    // Issue 35 point 9: what the app really collects and does with it (admins edit it in 'Plantillas').
    kind: 'privacy_terms',
    title: 'Aviso de privacidad',
    body: [
      '<h2>Aviso de privacidad de {{marca}}</h2>',
      '<p>{{marca}} te presta dinero en lempiras desde esta aplicación. Para hacerlo necesitamos datos tuyos. ',
      'Aquí te explicamos cuáles, para qué los usamos, con quién los compartimos, cuánto tiempo los guardamos y qué ',
      'derechos tienes. Al tocar «Acepto» nos autorizas a tratarlos como se describe aquí. Si no aceptas, no podemos ',
      'crear tu cuenta.</p>',
      '<h3>1. Qué datos recogemos</h3>',
      '<ul>',
      '<li><strong>Tu identidad:</strong> número de identidad, nombres y apellidos, sexo y fecha de nacimiento, que comparamos ',
      'con el registro del censo nacional.</li>',
      '<li><strong>Tu contacto:</strong> número de celular y correo electrónico. Tu contraseña la guardamos cifrada: nadie ',
      'en {{marca}} puede leerla.</li>',
      '<li><strong>Tu situación:</strong> tipo y monto de tus ingresos, tipo de negocio, estado civil, vivienda, dependientes, ',
      'educación, dirección de tu casa, lugar de trabajo, puesto, dirección del trabajo y desde cuándo trabajas.</li>',
      '<li><strong>Tu cuenta bancaria:</strong> banco y número de cuenta, donde depositamos tus préstamos.</li>',
      '<li><strong>Tus documentos:</strong> fotos del frente y del reverso de tu identidad, un recibo de servicio público y ',
      'una selfie.</li>',
      '<li><strong>Tus referencias:</strong> nombre, teléfono y, si lo das, correo de una referencia personal y una laboral. ',
      'Dáselos solo si esas personas están de acuerdo.</li>',
      '<li><strong>Tu ubicación:</strong> cuando solicitas un préstamo, la ubicación de tu celular (con tu permiso), la ciudad ',
      'que corresponde, tu dirección IP, tu navegador y tu sistema operativo.</li>',
      '<li><strong>Tus préstamos y pagos:</strong> solicitudes, contratos y pagarés aceptados, cuotas, fotos de tus ',
      'comprobantes de depósito, mensajes del chat de ayuda y el registro de tus inicios de sesión.</li>',
      '</ul>',
      '<h3>2. Para qué los usamos</h3>',
      '<ul>',
      '<li>Confirmar que eres quien dices ser y que tienes la edad mínima.</li>',
      '<li>Revisar tu perfil y decidir si te prestamos, cuánto y en qué condiciones.</li>',
      '<li>Depositarte el préstamo, recibir y aplicar tus pagos, y recordarte tus cuotas.</li>',
      '<li>Enviarte códigos de verificación, avisos y notificaciones por SMS, correo o en la aplicación.</li>',
      '<li>Ofrecer el servicio solo en las ciudades donde operamos.</li>',
      '<li>Proteger tu cuenta, evitar fraudes y cumplir nuestras obligaciones legales y contables.</li>',
      '</ul>',
      '<p>No vendemos tus datos ni los usamos para publicidad de otras empresas.</p>',
      '<h3>3. Con quién los compartimos</h3>',
      '<p>Solo con quien necesitamos para darte el servicio, y solo lo necesario: el registro del censo nacional (para ',
      'confirmar tu identidad), los proveedores que envían nuestros SMS y correos, el servicio que comprueba que tu cuenta ',
      'bancaria existe, los bancos y socios de pago por los que te depositamos y recibimos tus pagos, el servicio que ',
      'traduce tu ubicación en una ciudad y el servicio donde guardamos tus documentos. También a las autoridades cuando ',
      'una ley o una orden judicial nos obligue.</p>',
      '<h3>4. Cuánto tiempo los guardamos</h3>',
      '<p>Mientras tengas una cuenta con nosotros. Cuando reemplazas un documento, borramos la foto anterior. Si cierras tu ',
      'cuenta, borramos tus datos, salvo lo que la ley nos obliga a conservar (tus préstamos, pagos, contratos y registros ',
      'contables), que guardamos solo durante el plazo que fijan las leyes mercantiles y tributarias de Honduras.</p>',
      '<h3>5. Cómo los protegemos</h3>',
      '<p>Solo el personal que los necesita para su trabajo puede verlos, cada uno con su propio acceso, y queda registrado ',
      'quién consultó tu expediente y tus documentos, y cuándo.</p>',
      '<h3>6. Tus derechos</h3>',
      '<p>Puedes pedirnos en cualquier momento:</p>',
      '<ul>',
      '<li>saber qué datos tuyos tenemos y con quién los compartimos;</li>',
      '<li>corregirlos (mientras tu perfil no está aprobado, puedes hacerlo tú mismo en «Perfil»);</li>',
      '<li>borrarlos y cerrar tu cuenta, con la salvedad del punto 4, si no tienes un préstamo pendiente;</li>',
      '<li>retirar tu autorización: desde entonces no podremos prestarte.</li>',
      '</ul>',
      '<p>Escríbenos por el chat de ayuda de la aplicación. Te responderemos en un plazo máximo de 10 días hábiles. Si no ',
      'quedas conforme, la Constitución de la República te reconoce la garantía de hábeas data ante los tribunales.</p>',
      '<h3>7. Cambios a este aviso</h3>',
      '<p>Si cambiamos este aviso, te mostraremos la nueva versión y te pediremos que la aceptes. Guardamos la versión que ',
      'aceptaste y la fecha en que lo hiciste.</p>',
    ].join(''),
  },
];
