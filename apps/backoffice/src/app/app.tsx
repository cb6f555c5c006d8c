import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import InsightsIcon from '@mui/icons-material/Insights';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import ForumIcon from '@mui/icons-material/Forum';
import DescriptionIcon from '@mui/icons-material/Description';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FlagIcon from '@mui/icons-material/Flag';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazy } from 'react';
import { Admin, Resource, type ResourceProps, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { esES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { can, type StaffPermission } from '@prestamos-hn/domain';
import { readBrandName, theme } from '@prestamos-hn/ui';
import { LoginPage } from '../features/auth/components/login-page';
import { authProvider } from '../lib/auth-provider';
import { spanishMessages } from '../lib/i18n/spanish-messages';
import { dataProvider } from './data-provider';
import { BackofficeLayout } from './layout';

// Each screen is its own chunk (react-admin's layout wraps them in Suspense).
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const Dashboard = named(() => import('../features/dashboard/components/dashboard'), 'Dashboard');
const BorrowerList = named(() => import('../features/borrowers/components/borrower-list'), 'BorrowerList');
const BorrowerShow = named(() => import('./routes/borrower-show'), 'BorrowerShow');
const ReviewQueue = named(() => import('../features/reviews/components/review-queue'), 'ReviewQueue');
const ChatInbox = named(() => import('../features/chat/components/chat-inbox'), 'ChatInbox');
const ChatConversationShow = named(
  () => import('../features/chat/components/chat-conversation'),
  'ChatConversationShow',
);
const ReceiptQueue = named(() => import('../features/receipts/components/receipt-queue'), 'ReceiptQueue');
const ReceiptShow = named(() => import('../features/receipts/components/receipt-show'), 'ReceiptShow');
const ReconciliationScreen = named(
  () => import('../features/reconciliation/components/reconciliation-screen'),
  'ReconciliationScreen',
);
const StatementShow = named(
  () => import('../features/reconciliation/components/statement-show'),
  'StatementShow',
);
const CollectionsQueue = named(
  () => import('../features/collections/components/collections-queue'),
  'CollectionsQueue',
);
const CollectionsShow = named(
  () => import('../features/collections/components/collections-show'),
  'CollectionsShow',
);
// The charts library loads with this screen only, never with the first page.
const PortfolioDashboard = named(
  () => import('../features/portfolio/components/portfolio-dashboard'),
  'PortfolioDashboard',
);
const BooksScreen = named(() => import('../features/accounting/components/books-screen'), 'BooksScreen');
const AccountLedgerScreen = named(
  () => import('../features/accounting/components/account-ledger'),
  'AccountLedgerScreen',
);
const LoanList = named(() => import('../features/loans/components/loan-list'), 'LoanList');
const LoanShow = named(() => import('../features/loans/components/loan-show'), 'LoanShow');
const AuditList = named(() => import('../features/audit/components/audit-list'), 'AuditList');
const StaffList = named(() => import('../features/staff/components/staff-screens'), 'StaffList');
const StaffCreate = named(() => import('../features/staff/components/staff-screens'), 'StaffCreate');
const StaffEdit = named(() => import('../features/staff/components/staff-screens'), 'StaffEdit');
const products = () => import('../features/catalog/components/product-screens');
const ProductList = named(products, 'ProductList');
const ProductCreate = named(products, 'ProductCreate');
const ProductEdit = named(products, 'ProductEdit');
const purposes = () => import('../features/catalog/components/purpose-screens');
const PurposeList = named(purposes, 'PurposeList');
const PurposeCreate = named(purposes, 'PurposeCreate');
const PurposeEdit = named(purposes, 'PurposeEdit');
const HolidaysScreen = named(
  () => import('../features/holidays/components/holidays-screen'),
  'HolidaysScreen',
);
const collectionAccounts = () =>
  import('../features/collection-accounts/components/collection-account-screens');
const CollectionAccountList = named(collectionAccounts, 'CollectionAccountList');
const CollectionAccountCreate = named(collectionAccounts, 'CollectionAccountCreate');
const CollectionAccountEdit = named(collectionAccounts, 'CollectionAccountEdit');
const TemplatesScreen = named(
  () => import('../features/catalog/components/templates-screen'),
  'TemplatesScreen',
);

/**
 * The screens as react-admin resources, in menu order, each shown to the roles with its permission
 * (the borrower register, with none, to every role); with a `writePermission`, the roles without it
 * get the list only.
 */
const RESOURCES: (ResourceProps & { permission?: StaffPermission; writePermission?: StaffPermission })[] = [
  {
    permission: 'reviews.read',
    name: 'reviews',
    list: ReviewQueue,
    icon: AssignmentIcon,
    options: { label: 'Cola de revisión' },
  },
  {
    permission: 'loans.read',
    name: 'loans',
    list: LoanList,
    show: LoanShow,
    icon: RequestQuoteIcon,
    options: { label: 'Préstamos' },
    recordRepresentation: (r) => `#${r.id}`,
  },
  {
    permission: 'receipts.read',
    name: 'receipts',
    list: ReceiptQueue,
    show: ReceiptShow,
    icon: PointOfSaleIcon,
    options: { label: 'Caja' },
  },
  {
    permission: 'reconciliation.manage',
    name: 'bank-statements',
    list: ReconciliationScreen,
    show: StatementShow,
    icon: AccountBalanceIcon,
    options: { label: 'Conciliación' },
  },
  {
    permission: 'collections.read',
    name: 'collections',
    list: CollectionsQueue,
    show: CollectionsShow,
    icon: PhoneInTalkIcon,
    options: { label: 'Cobranza' },
  },
  {
    permission: 'portfolio.read',
    name: 'portfolio',
    list: PortfolioDashboard,
    icon: InsightsIcon,
    options: { label: 'Cartera' },
  },
  {
    permission: 'accounting.read',
    name: 'accounting',
    list: BooksScreen,
    show: AccountLedgerScreen,
    icon: AccountBalanceIcon,
    options: { label: 'Contabilidad' },
  },
  {
    name: 'borrowers',
    list: BorrowerList,
    show: BorrowerShow,
    icon: PeopleIcon,
    options: { label: 'Clientes' },
    recordRepresentation: (r) => r.name,
  },
  {
    permission: 'chat.own',
    name: 'chats',
    list: ChatInbox,
    show: ChatConversationShow,
    icon: ForumIcon,
    options: { label: 'Conversaciones' },
  },
  {
    permission: 'borrowers.audit',
    name: 'audit',
    list: AuditList,
    icon: HistoryIcon,
    options: { label: 'Auditoría' },
  },
  {
    permission: 'staff.manage',
    name: 'staff',
    list: StaffList,
    create: StaffCreate,
    edit: StaffEdit,
    icon: BadgeIcon,
    options: { label: 'Personal' },
  },
  {
    permission: 'catalog.manage',
    name: 'products',
    list: ProductList,
    create: ProductCreate,
    edit: ProductEdit,
    icon: Inventory2Icon,
    options: { label: 'Productos' },
    recordRepresentation: (r) => r.name,
  },
  {
    permission: 'catalog.manage',
    name: 'purposes',
    list: PurposeList,
    create: PurposeCreate,
    edit: PurposeEdit,
    icon: FlagIcon,
    options: { label: 'Propósitos' },
    recordRepresentation: (r) => r.title,
  },
  {
    permission: 'catalog.manage',
    name: 'templates',
    list: TemplatesScreen,
    icon: DescriptionIcon,
    options: { label: 'Plantillas' },
  },
  {
    // Every staff role reads where borrowers deposit; only admins (catalog.manage) change it.
    writePermission: 'catalog.manage',
    name: 'collection-accounts',
    list: CollectionAccountList,
    create: CollectionAccountCreate,
    edit: CollectionAccountEdit,
    icon: AccountBalanceWalletIcon,
    options: { label: 'Cuentas de cobro' },
    recordRepresentation: (r) => `${r.bankName} ${r.accountNumber}`,
  },
  {
    permission: 'holidays.manage',
    name: 'holidays',
    list: HolidaysScreen,
    icon: EventBusyIcon,
    options: { label: 'Feriados' },
  },
];

// react-admin's app bar is 'secondary': the brand's text-safe dark blue (white on it passes AA).
// Its confirmation dialog paints the confirm button's text in `primary.main` (4.2:1 on white, short
// of AA); it gets the text-safe blue like every other primary text button (packages/ui theme).
const backofficeTheme = createTheme(
  theme,
  {
    palette: { secondary: { main: theme.palette.primary.dark, contrastText: '#fff' } },
    components: {
      RaConfirm: {
        styleOverrides: { root: { '& .RaConfirm-confirmPrimary': { color: theme.palette.primary.dark } } },
      },
    },
  },
  // MUI's Spanish texts for its tables' pagination and the rest (the borrower's shared theme has
  // only the one it uses).
  esES,
);

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
      layout={BackofficeLayout}
      dashboard={Dashboard}
      theme={backofficeTheme}
      requireAuth
      disableTelemetry
    >
      {(role: string | undefined) => (
        <>
          {RESOURCES.filter(({ permission }) => !permission || can(role, permission)).map(
            ({ permission: _, writePermission, ...resource }) => {
              // A role that may read but not change a resource gets its list only.
              const readOnly = writePermission !== undefined && !can(role, writePermission);
              return (
                <Resource
                  key={resource.name}
                  {...resource}
                  {...(readOnly ? { create: undefined, edit: undefined } : {})}
                />
              );
            },
          )}
        </>
      )}
    </Admin>
  );
}
