import type { LabourReferenceType, PersonalReferenceType } from '@prestamos-hn/domain';

/** Display labels of the reference types (the SPEC gives only the wire values). */
export const PERSONAL_REFERENCE_TYPE_LABELS: Readonly<Record<PersonalReferenceType, string>> = {
  amigo: 'Amigo o amiga',
  vecino: 'Vecino o vecina',
  conocido: 'Conocido o conocida',
  esposo: 'Esposo o esposa',
  hijo: 'Hijo o hija',
  hermano: 'Hermano o hermana',
  papa_mama: 'Papá o mamá',
};

export const LABOUR_REFERENCE_TYPE_LABELS: Readonly<Record<LabourReferenceType, string>> = {
  jefe: 'Jefe o jefa',
  compañero: 'Compañero o compañera de trabajo',
  cliente: 'Cliente',
};
