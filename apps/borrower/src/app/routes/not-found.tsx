import { NotFoundPage } from '../../components/not-found-page';

export { NotFoundPage as Component };
