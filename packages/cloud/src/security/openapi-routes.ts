/**
 * The routes of the cloud's OpenAPI document (app.swagger()), as the security suites walk them: method, path
 * template, whether it wants a bearer token, and the JSON schemas of its body, query and path parameters.
 */

/** The JSON schema subset the document's zod schemas turn into. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly nullable?: boolean;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly default?: unknown;
}

/** One parameter of a route. */
export interface RouteParam {
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/** One route of the document. */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The document's path, `{name}` for a parameter, without the API prefix. */
  readonly path: string;
  readonly bearer: boolean;
  /** The JSON body's schema; undefined when the route takes none (or a non-JSON one). */
  readonly body: JsonSchema | undefined;
  /** The content types the route declares (multipart/form-data for the firmware upload). */
  readonly consumes: readonly string[];
  readonly query: readonly RouteParam[];
  readonly params: readonly RouteParam[];
  readonly tags: readonly string[];
}

interface Operation {
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** Every route of an OpenAPI document, in document order. */
export function routesOf(document: unknown): Route[] {
  const paths = (document as { paths?: Record<string, Partial<Record<string, Operation>>> }).paths ?? {};
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const param = (where: string): RouteParam[] =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        bearer: (op.security ?? []).length > 0,
        body: content['application/json']?.schema,
        consumes: Object.keys(content),
        query: param('query'),
        params: param('path'),
        tags: op.tags ?? [],
      });
    }
  }
  return routes;
}

/** The path with its parameters filled (values URL-encoded by the caller). */
export const fillTemplate = (path: string, values: Readonly<Record<string, string>>): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '');

/** A route's name in test titles: `POST /venues/{venueId}`. */
export const routeName = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
