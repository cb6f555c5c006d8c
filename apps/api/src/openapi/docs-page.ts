import type { OpenApiDocument, OpenApiOperation } from '@prestamos-hn/contract';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with `code` spans. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

const anchor = (operation: OpenApiOperation) => operation.operationId.replace(/[^A-Za-z0-9_-]/g, '-');

function renderOperation(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters?.length
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${operation.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(([type, media]) => schemaBlock(`Request body (${type})`, media.schema ?? {}))
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {});
      const blocks = content
        .map(([type, media]) =>
          media.schema
            ? schemaBlock(`${status} ${type}`, media.schema)
            : `<p><code>${escapeHtml(type)}</code> bytes</p>`,
        )
        .join('');
      return `<li><strong>${escapeHtml(status)}</strong> ${prose(response.description)}${blocks}</li>`;
    })
    .join('');
  return `<section id="${anchor(operation)}" aria-labelledby="${anchor(operation)}-title">
<h3 id="${anchor(operation)}-title"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(operation.summary)}</p>
${operation.description ? `<p class="access">${prose(operation.description)}</p>` : ''}
${parameters}${body}
<ul class="responses">${responses}</ul>
</section>`;
}

/**
 * A plain, readable page of every operation of the OpenAPI document, rendered on the server: no
 * script and no outside resource, so it works under the app's strict CSP (an inline style only).
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation! })),
  );
  const sections = document.tags
    .map((tag) => {
      const mine = operations.filter((o) => o.operation.tags.includes(tag.name));
      if (mine.length === 0) return '';
      const list = mine
        .map(
          (o) =>
            `<li><a href="#${anchor(o.operation)}">${o.method.toUpperCase()} ${escapeHtml(o.path)}</a> · ${prose(o.operation.summary)}</li>`,
        )
        .join('');
      return `<h2>${escapeHtml(tag.name)}</h2>
<p>${prose(tag.description)}</p>
<ul>${list}</ul>
${mine.map((o) => renderOperation(o.method, o.path, o.operation)).join('\n')}`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} (development)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 72rem; padding: 0 1rem; color: #1a1a1a; line-height: 1.4; }
h2 { border-bottom: 2px solid #0d47a1; margin-top: 2.5rem; }
section { border: 1px solid #ccc; border-radius: 4px; padding: 0.25rem 1rem; margin: 0 0 1rem; }
h3 { font-size: 1rem; }
.method { display: inline-block; min-width: 3.5rem; color: #0d47a1; }
.access { color: #444; }
table { border-collapse: collapse; margin: 0.5rem 0; }
caption { text-align: left; font-weight: 600; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
pre { background: #f5f5f5; padding: 0.5rem; overflow: auto; max-height: 30rem; }
summary { cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${prose(document.info.description)}</p>
<p>Development only. The same description as OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${sections}
</main>
</body>
</html>`;
}
