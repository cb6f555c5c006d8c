// Loaded by index.html before the app's modules. The page's Content-Security-Policy has no
// 'unsafe-eval': zod must not probe `new Function` for its compiled parsers (the browser reports
// the caught attempt as a violation). zod reads this object when it loads and decides per schema
// when the schema is made, so it has to exist before any module runs (docs/security.md, point 10).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
