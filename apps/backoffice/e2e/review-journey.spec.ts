import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import {
  legacyCall,
  registerInReviewThroughApi,
  sendForReviewThroughApi,
  uploadDocumentsThroughApi,
} from '../../../e2e/support/legacy-api';
import { saveScreen } from '../../../e2e/support/screens';
import { DEFAULT_ADMIN } from '../../../e2e/support/staff-api';
import { logInStaff, logOutStaff } from './support/staff';

/** A demo identity of apps/api/data/census-demo.json (the census simulator knows it). */
const LESLY = {
  UsrDNI: '0301199700077',
  UsrNom1: 'Lesly',
  UsrNom2: 'María',
  UsrApe1: 'Zúniga',
  UsrApe2: 'Orellana',
  UsrMail: 'lesly.zuniga@example.com',
  UsrGen: 'F',
  UsrPwd: 'Clave#2026',
  UsrFchNac: '1997-09-09',
  UsrTel: '98112233',
};

const ANALYST = { name: 'Marta Analista', email: 'marta.analista@prestamos.local' };

test.describe('profile review in the back-office', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'Staff work on a desktop or tablet: the register, the file and its tables are wide screens.',
  );

  test('an admin creates an analyst, who returns a profile with code 2 and then approves it', async ({
    page,
    request,
  }, testInfo) => {
    // Two staff sessions, twelve screens read by axe: about a minute on a loaded CI machine.
    test.setTimeout(180_000);
    const sid = await registerInReviewThroughApi(request, LESLY);

    // The admin creates the analyst and reads the temporary password from the form.
    await logInStaff(page, request, DEFAULT_ADMIN);
    await page.getByRole('menuitem', { name: 'Personal' }).click();
    await expect(page.getByRole('cell', { name: DEFAULT_ADMIN.email })).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-staff-list');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Crear' }).click();
    await page.getByRole('textbox', { name: 'Nombre' }).fill(ANALYST.name);
    await page.getByRole('textbox', { name: 'Correo' }).fill(ANALYST.email);
    await expect(page.getByRole('combobox', { name: 'Rol' })).toContainText('Analista');
    const password = await page.getByRole('textbox', { name: 'Contraseña temporal' }).inputValue();
    expect(password.length).toBeGreaterThanOrEqual(10);
    await saveScreen(page, testInfo, 'backoffice-staff-create');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('cell', { name: ANALYST.email })).toBeVisible();
    await logOutStaff(page);

    // The analyst finds the borrower in the register.
    await logInStaff(page, request, { email: ANALYST.email, password });
    await expect(page.getByText('Esperando revisión')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Clientes' }).click();
    await page.getByPlaceholder('Identidad, nombre, correo o teléfono').fill('zuniga');
    // The search applies after a debounce (then it is in the address): wait for it before choosing a
    // state tab, or a late search would replace the tab's filter.
    await expect(page).toHaveURL(/zuniga/);
    await expect(page.getByRole('cell', { name: LESLY.UsrDNI })).toBeVisible();
    await page.getByRole('tab', { name: /En revisión \(1\)/ }).click();
    await expect(page.getByRole('cell', { name: LESLY.UsrDNI })).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-register');
    await expectNoAxeViolations(page);

    // The file: documents with zoom and rotation, the census beside what was declared.
    await page.getByRole('cell', { name: LESLY.UsrDNI }).click();
    await expect(page.getByRole('heading', { name: 'LESLY MARIA ZUNIGA ORELLANA' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Censo frente a lo declarado' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ver / })).toHaveCount(4);
    // Coded fields read as names, with the code beside them.
    await expect(page.getByText('Francisco Morazán (08)').first()).toBeVisible();
    await expect(page.getByText('Distrito Central (0801)').first()).toBeVisible();
    await expect(page.getByText('Casado(a) (casado)')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Amigo o amiga' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Sesiones' }).getByRole('cell', { name: 'Activa' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Auditoría del cliente' })
        .getByRole('cell', { name: /^Cliente #\d+$/ })
        .first(),
    ).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-borrower-file');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Ver Recibo de servicio público' }).click();
    const viewer = page.getByRole('dialog', { name: 'Recibo de servicio público' });
    const image = viewer.getByRole('img', { name: 'Recibo de servicio público' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await viewer.getByRole('button', { name: 'Acercar' }).click();
    await viewer.getByRole('button', { name: 'Girar' }).click();
    await expect(viewer.getByText('Zoom 150 % · Giro 90°')).toBeVisible();
    await expect(image).toHaveAttribute('data-rotation', '90');
    await saveScreen(page, testInfo, 'backoffice-document-viewer');
    await expectNoAxeViolations(page);
    await viewer.getByRole('button', { name: 'Cerrar' }).click();

    // The registration recorded the version of the privacy terms accepted (issue 35 point 9).
    await expect(page.getByText(/^Aviso de privacidad: versión \d+, aceptada el /)).toBeVisible();
    // Nothing changed since it was sent; the state fields read as words, not wire codes.
    await expect(page.getByText('Sin cambios desde que lo envió a revisión.')).toBeVisible();
    await expect(page.getByText('Estado (0/1)')).toHaveCount(0);
    await expect(page.getByText('Enviado (CMP)')).toHaveCount(0);
    await expect(page.getByText('No aprobado', { exact: true })).toBeVisible();

    // While the analyst reads the file, the borrower corrects the workplace (the profile stays
    // editable in review): a decision on the version read is refused, and the change shows.
    await legacyCall(request, 'putProfile', { sid, array: { workplace: 'Pulpería Lesly' } });
    await page.getByRole('button', { name: 'Decidir revisión' }).click();
    const decision = page.getByRole('dialog', { name: /Decidir sobre el perfil/ });
    await decision.getByRole('button', { name: 'Aprobar perfil' }).click();
    await expect(decision.getByText('El perfil cambió; revísalo de nuevo.')).toBeVisible();
    await decision.getByRole('button', { name: 'Cancelar' }).click();
    const changes = page.getByRole('table', { name: 'Cambios desde que lo envió' });
    await expect(changes.getByRole('row', { name: /Lugar de trabajo.*Pulpería Lesly/ })).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-changes-since-sent');
    await expectNoAxeViolations(page);

    // Returned with errores_perfil 2 and the utility bill marked.
    await page.getByRole('button', { name: 'Decidir revisión' }).click();
    await decision.getByRole('radio', { name: 'Devolver al cliente' }).check();
    await decision.getByRole('combobox', { name: 'Motivo' }).click();
    await page.getByRole('option', { name: 'Recibo de servicio público inválido' }).click();
    await decision.getByRole('checkbox', { name: 'Recibo de servicio público' }).check();
    await decision.getByLabel('Nota').fill('El recibo está a nombre de otra persona.');
    await saveScreen(page, testInfo, 'backoffice-decision-return');
    await expectNoAxeViolations(page);
    await decision.getByRole('button', { name: 'Devolver perfil' }).click();
    await expect(page.getByText('Perfil devuelto al cliente.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Devuelto', exact: true })).toBeVisible();
    const reviews = page.getByRole('table', { name: 'Decisiones de revisión' });
    await expect(reviews.getByRole('columnheader', { name: 'Motivo' })).toBeVisible();
    await expect(reviews.getByRole('cell', { name: 'Recibo de servicio público inválido' })).toBeVisible();
    await expect(page.getByText('Devuelto', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decidir revisión' })).toHaveCount(0);
    // After the decision, 'Siguiente' (focused) opens the next profile of the queue (issue 35).
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeFocused();

    // The borrower uploads a new bill and sends the profile again.
    await uploadDocumentsThroughApi(request, sid, ['file3']);
    await sendForReviewThroughApi(request, sid);

    // The queue shows it again, resubmitted; the analyst approves it.
    await page.getByRole('menuitem', { name: 'Cola de revisión' }).click();
    await expect(page.getByRole('cell', { name: 'Reenviado' })).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-review-queue');
    await expectNoAxeViolations(page);
    await page.getByRole('cell', { name: LESLY.UsrDNI }).click();
    await page.getByRole('button', { name: 'Decidir revisión' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprobar perfil' }).click();
    await expect(page.getByText('Perfil aprobado.')).toBeVisible();
    await expect(page.getByText('Aprobado', { exact: true }).first()).toBeVisible();

    await page.getByRole('menuitem', { name: 'Clientes' }).click();
    await page.getByRole('tab', { name: /Aprobado \(1\)/ }).click();
    await expect(page.getByRole('cell', { name: LESLY.UsrDNI })).toBeVisible();

    // The audit list, filtered by action.
    await page.getByRole('menuitem', { name: 'Auditoría' }).click();
    await expect(page.getByRole('cell', { name: 'Documento consultado' }).first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Perfil aprobado' }).click();
    // Other journeys of the same run approve profiles too: at least this one, and only approvals.
    await expect(page.getByRole('cell', { name: 'Perfil aprobado' }).first()).toBeVisible();
    // The filter is the server's: only that action is left.
    await expect(page.getByRole('cell', { name: 'Documento consultado' })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Perfil devuelto' })).toHaveCount(0);
    await saveScreen(page, testInfo, 'backoffice-audit');
    await expectNoAxeViolations(page);

    await page.getByRole('menuitem', { name: 'Panel' }).click();
    await expect(page.getByText('Aprobados hoy')).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-dashboard-after');
    await expectNoAxeViolations(page);
    // Each card opens its queue (issue 35).
    await page.getByRole('link', { name: /^Esperando revisión/ }).click();
    await expect(page).toHaveURL(/#\/reviews/);
    await page.getByRole('menuitem', { name: 'Panel' }).click();
    await page.getByRole('link', { name: /^Aprobados hoy/ }).click();
    await expect(page.getByRole('tab', { name: /^Aprobado/ })).toHaveAttribute('aria-selected', 'true');
  });
});
