import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffPermission } from '@prestamos-hn/domain';
import { z } from 'zod';
import type { EndpointDef } from './endpoint.ts';
import { endpointNames, endpoints } from './endpoints.ts';
import { legacyResponseSchema } from './envelope.ts';
import type { StaffAccess, StaffEndpointDef } from './staff/endpoint.ts';
import { STAFF_API_BASE, staffAreas } from './staff/endpoints.ts';
import { staffErrorBody } from './staff/fields.ts';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  'x-roles'?: string[];
}

export type OpenApiMethod = 'get' | 'post' | 'patch';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'cookie' | 'header'; name: string; description: string }
    >;
  };
}

/**
 * zod 4's own JSON Schema: requests as they may be sent (`input`: defaults optional, coerced fields
 * as their target type), answers as they arrive (`output`). A step JSON Schema cannot say (a
 * transform, a preprocess) becomes `{}`, "anything", rather than failing the whole document.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function propertiesOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}

// --- The legacy contract -------------------------------------------------------------------------

const LEGACY_ACCESS: Record<EndpointDef['access'], string> = {
  public: 'Public.',
  session: 'An active session: its `sid` goes in the body (or query) with the other fields.',
  'pending-session': 'A session, also one still waiting for its login code: `sid` in the body.',
};

function legacyOperation(name: string, def: EndpointDef): OpenApiOperation {
  const request = jsonSchemaOf(def.request, 'input');
  const withSid: JsonSchema =
    def.access === 'public'
      ? request
      : {
          ...request,
          properties: { sid: { type: 'string' }, ...((request.properties ?? {}) as JsonSchema) },
          required: ['sid', ...((request.required ?? []) as string[])],
        };
  const payload = jsonSchemaOf(def.payload, 'output');
  const answer =
    def.envelope === 'legacy'
      ? {
          oneOf: [
            {
              type: 'object',
              properties: { status: { const: 'OK' }, payload },
              required: ['status', 'payload'],
            },
            ref('LegacyRefusal'),
          ],
        }
      : payload;
  const operation: OpenApiOperation = {
    operationId: `legacy.${name}`,
    summary: `${def.file} (legacy ${def.envelope === 'legacy' ? 'envelope' : 'census answer'})`,
    description: `${LEGACY_ACCESS[def.access]} Any content type is read as JSON; a malformed body is ER.`,
    tags: ['legacy'],
    'x-access': def.access,
    responses: {
      '200':
        def.envelope === 'legacy'
          ? {
              description: 'OK with the payload, or ER / ER-API / ERS with a Spanish message',
              content: { 'application/json': { schema: answer } },
            }
          : {
              description: "The registry's own answer (`success`, `not_found`, or an error status)",
              content: { 'application/json': { schema: answer } },
            },
      '429': {
        description: 'Too many requests from this address',
        content: { 'application/json': { schema: ref('LegacyRefusal') } },
      },
      '500': {
        description: 'Unexpected error (logged; a generic Spanish message)',
        content: { 'application/json': { schema: ref('LegacyRefusal') } },
      },
    },
  };
  if (def.method === 'GET') {
    operation.parameters = propertiesOf(withSid).map((p) => ({ ...p, in: 'query' as const }));
  } else if (def.multipart) {
    const files = Object.fromEntries(
      def.multipart.map((field) => [field, { type: 'string', contentMediaType: 'image/*' }]),
    );
    operation.requestBody = {
      required: true,
      content: {
        'application/json': { schema: withSid },
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { sid: { type: 'string' }, ...files },
            required: ['sid'],
          },
        },
      },
    };
  } else {
    operation.requestBody = { required: true, content: { 'application/json': { schema: withSid } } };
  }
  return operation;
}

// --- The staff API ---------------------------------------------------------------------------------

const rolesWith = (permission: StaffPermission): string[] =>
  STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));

function accessText(access: StaffAccess, method: string): string {
  const csrf = method === 'GET' ? '' : " State change: send the session's CSRF token as `x-csrf-token`.";
  if (access === 'public') return 'Public.';
  if (access === 'pending') return 'A session waiting for its e-mailed code (cookie `bo_pending`).';
  if (access === 'staff') return `Any logged-in staff member (cookie \`bo_session\`).${csrf}`;
  return `Permission \`${access}\`: ${rolesWith(access).join(', ')} (cookie \`bo_session\`).${csrf}`;
}

function securityOf(access: StaffAccess, method: string): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'pending') return [{ staffPendingSession: [] }];
  return [method === 'GET' ? { staffSession: [] } : { staffSession: [], staffCsrfToken: [] }];
}

function staffOperation(area: string, name: string, def: StaffEndpointDef): OpenApiOperation {
  const parameters: OpenApiParameter[] = [
    ...(def.params ? propertiesOf(jsonSchemaOf(def.params, 'input')) : []).map((p) => ({
      ...p,
      in: 'path' as const,
      required: true,
    })),
    ...(def.query ? propertiesOf(jsonSchemaOf(def.query, 'input')) : []).map((p) => ({
      ...p,
      in: 'query' as const,
    })),
  ];
  const errors = ['400 invalid or malformed request', '404 unknown path or record', '500 unexpected'];
  if (def.access !== 'public') errors.push('401 no session, or it ended');
  if (def.access !== 'public' && def.access !== 'pending') {
    errors.push(
      def.method === 'GET'
        ? '403 role without the permission'
        : '403 role without the permission, or no CSRF header',
    );
  }
  return {
    operationId: `staff.${name}`,
    summary: def.summary,
    description: accessText(def.access, def.method),
    tags: [`staff: ${area}`],
    ...(parameters.length ? { parameters } : {}),
    ...(def.body ? { requestBody: staffRequestBody(def, def.body) } : {}),
    responses: {
      '200':
        def.response.kind === 'json'
          ? {
              description: 'OK (cache-control: no-store)',
              content: { 'application/json': { schema: jsonSchemaOf(def.response.schema, 'output') } },
            }
          : {
              description: 'The file bytes (cache-control: private, no-store; inline)',
              content: Object.fromEntries(def.response.contentTypes.map((type) => [type, {}])),
            },
      default: {
        description: `An error with a Spanish message: ${errors.join('; ')} (409 conflicts and 429 limits where they apply)`,
        content: { 'application/json': { schema: ref('StaffError') } },
      },
    },
    security: securityOf(def.access, def.method),
    'x-access': def.access,
    ...(def.access !== 'public' && def.access !== 'pending' && def.access !== 'staff'
      ? { 'x-roles': rolesWith(def.access) }
      : {}),
  };
}

/**
 * A staff row's body: JSON, or for a file upload `multipart/form-data` with the body's text fields
 * and each file field as bytes.
 */
function staffRequestBody(def: StaffEndpointDef, body: z.ZodType): OpenApiOperation['requestBody'] {
  const schema = jsonSchemaOf(body, 'input');
  if (!def.multipart) return { required: true, content: { 'application/json': { schema } } };
  const files = Object.fromEntries(
    def.multipart.map((field) => [field, { type: 'string', contentMediaType: 'application/octet-stream' }]),
  );
  const fields = schema as { properties?: Record<string, unknown>; required?: string[] };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...fields.properties, ...files },
          required: [...(fields.required ?? []), ...def.multipart],
        },
      },
    },
  };
}

/** `/borrowers/:id` → `/api/backoffice/borrowers/{id}`. */
const openApiPath = (path: string) => `${STAFF_API_BASE}${path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, '{$1}')}`;

/**
 * The OpenAPI 3.1 description of both tables: the legacy contract (`POST /api/app/<file>` with the
 * `{status, payload}` envelope) and the staff API (`/api/backoffice/*`), every row one operation,
 * its schemas written by zod from the same rows the server validates with.
 */
export function buildOpenApiDocument(info: { title: string; version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (path: string, method: OpenApiMethod, operation: OpenApiOperation) => {
    paths[path] = { ...paths[path], [method]: operation };
  };

  for (const name of endpointNames) {
    const def: EndpointDef = endpoints[name];
    add(`/api/app/${def.file}`, def.method === 'GET' ? 'get' : 'post', legacyOperation(name, def));
  }
  for (const [area, rows] of Object.entries(staffAreas)) {
    for (const [name, def] of Object.entries(rows) as [string, StaffEndpointDef][]) {
      add(
        openApiPath(def.path),
        def.method === 'GET' ? 'get' : def.method === 'POST' ? 'post' : 'patch',
        staffOperation(area, name, def),
      );
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The legacy contract of the borrower app (`/api/app/*.php`, answered `{status, payload}` with OK, ER, ER-API, ERS or 500) and the staff API of the back-office (`/api/backoffice/*`, REST + JSON, errors `{error: {code, message}}`). Generated from the tables in packages/contract.',
    },
    tags: [
      { name: 'legacy', description: 'The legacy contract (SPEC section 7): one row per call.' },
      ...Object.keys(staffAreas).map((area) => ({
        name: `staff: ${area}`,
        description: `The staff API: ${area}.`,
      })),
    ],
    paths,
    components: {
      schemas: {
        LegacyRefusal: jsonSchemaOf(
          z.union(legacyResponseSchema.options.filter((option) => option.shape.status.value !== 'OK')),
          'output',
        ),
        StaffError: jsonSchemaOf(staffErrorBody, 'output'),
      },
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'bo_session',
          description: 'The staff session (httpOnly, SameSite=Strict, path /api/backoffice).',
        },
        staffPendingSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'bo_pending',
          description: 'A staff login waiting for its e-mailed code.',
        },
        staffCsrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-csrf-token',
          description: 'The csrfToken of /auth/code or /auth/me, on every state-changing request.',
        },
      },
    },
  };
}
