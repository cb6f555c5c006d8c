import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The browser apps' tests (jsdom): every rendered tree is unmounted after each test, so none stays
// mounted with React work scheduled for after jsdom is gone ('window is not defined'). Testing
// Library does this by itself only with vitest's globals, which we do not turn on. A file that undoes
// more after each test (fake clocks, stubbed fetch, the session) calls cleanup first itself, so the
// tree unmounts before its fakes go.
afterEach(cleanup);
