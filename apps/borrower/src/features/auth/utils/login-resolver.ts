import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@prestamos-hn/domain';

/** The login form's validation (loaded on demand by the form: it carries Zod). */
export const loginResolver = zodResolver(loginSchema);
