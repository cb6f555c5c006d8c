import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazy } from 'react';
import { Admin, Resource, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createTheme } from '@mui/material/styles';
import { can } from '@prestamos-hn/domain';
import { theme } from '@prestamos-hn/ui';
import { LoginPage } from '../features/auth/components/login-page';
import { authProvider } from '../lib/auth-provider';
import { spanishMessages } from '../lib/i18n/spanish-messages';
import { readBrandName } from '../config/brand';
import { dataProvider } from './data-provider';

// Each screen is its own chunk (react-admin's layout wraps them in Suspense).
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const Dashboard = named(() => import('../features/dashboard/components/dashboard'), 'Dashboard');
const BorrowerList = named(() => import('../features/borrowers/components/borrower-list'), 'BorrowerList');
const BorrowerShow = named(() => import('./routes/borrower-show'), 'BorrowerShow');
const ReviewQueue = named(() => import('../features/reviews/components/review-queue'), 'ReviewQueue');
const LoanList = named(() => import('../features/loans/components/loan-list'), 'LoanList');
const LoanShow = named(() => import('../features/loans/components/loan-show'), 'LoanShow');
const AuditList = named(() => import('../features/audit/components/audit-list'), 'AuditList');
const StaffList = named(() => import('../features/staff/components/staff-screens'), 'StaffList');
const StaffCreate = named(() => import('../features/staff/components/staff-screens'), 'StaffCreate');
const StaffEdit = named(() => import('../features/staff/components/staff-screens'), 'StaffEdit');

// react-admin's app bar is 'secondary': the brand's text-safe dark blue (white on it passes AA).
const backofficeTheme = createTheme(theme, {
  palette: { secondary: { main: theme.palette.primary.dark, contrastText: '#fff' } },
});

const i18nProvider = polyglotI18nProvider(() => spanishMessages as TranslationMessages, 'es', [
  { locale: 'es', name: 'Español' },
]);

/** The back-office: react-admin over the staff API, in Spanish, resources by the role's permissions. */
export function App() {
  return (
    <Admin
      title={`${readBrandName(document)} · Back-office`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={Dashboard}
      theme={backofficeTheme}
      requireAuth
      disableTelemetry
    >
      {(role: string | undefined) => (
        <>
          {can(role, 'reviews.read') && (
            <Resource
              name="reviews"
              list={ReviewQueue}
              icon={AssignmentIcon}
              options={{ label: 'Cola de revisión' }}
            />
          )}
          {can(role, 'loans.read') && (
            <Resource
              name="loans"
              list={LoanList}
              show={LoanShow}
              icon={RequestQuoteIcon}
              options={{ label: 'Préstamos' }}
              recordRepresentation={(r) => `#${r.id}`}
            />
          )}
          <Resource
            name="borrowers"
            list={BorrowerList}
            show={BorrowerShow}
            icon={PeopleIcon}
            options={{ label: 'Clientes' }}
            recordRepresentation={(r) => r.name}
          />
          {can(role, 'borrowers.audit') && (
            <Resource name="audit" list={AuditList} icon={HistoryIcon} options={{ label: 'Auditoría' }} />
          )}
          {can(role, 'staff.manage') && (
            <Resource
              name="staff"
              list={StaffList}
              create={StaffCreate}
              edit={StaffEdit}
              icon={BadgeIcon}
              options={{ label: 'Personal' }}
            />
          )}
        </>
      )}
    </Admin>
  );
}
