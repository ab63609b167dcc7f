// Validates JSON bodies against the schemas of OpenAI's official OpenAPI spec: by default the subset of it kept
// beside this script (openai-spec-subset.json, made by extract-spec.mjs), or a full copy of the spec given by path.
//
//   node validate.mjs [<path/to/openai-spec-subset.json | path/to/openapi.yaml>]
//
// Line protocol on stdin/stdout (one JSON object per line):
//   out, once at start:  {"ready":true,"schemas":<n>}   or   {"ready":false,"error":"…"} and exit 1
//   in:                  {"schema":"CreateResponse","body":{…}}
//   out:                 {"valid":true,"errors":[]}     or   {"valid":false,"errors":["/input: must be string", …]}
//
// OpenAPI-isms handled here, so that ajv (draft 2020-12, strict: false) can compile the file's schemas:
// - `#/components/schemas/X` refs become `#/$defs/X` of one JSON Schema document; the few draft 2019-09
//   `$recursiveRef: "#"` become refs to the component they sit in (`$recursiveAnchor` is dropped);
// - `nullable: true` (3.0 style, still in the file) becomes a null alternative; 3.0 boolean
//   `exclusiveMinimum`/`exclusiveMaximum` become 2020-12 numbers; duplicate `required` names are merged;
// - `x-*` extensions, `example` and `discriminator` are dropped. A discriminator on the schema asked for (e.g.
//   ResponseStreamEvent's `type`) picks the one variant to validate against, so an event is checked against its
//   own schema and an unknown type is an error; nested anyOf/oneOf are validated as written.
// The subset holds the spec's schemas unchanged, so both inputs validate alike.
// Each schema is compiled once, on first use, and cached.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

function fail(message) {
    process.stdout.write(JSON.stringify({ ready: false, error: message }) + '\n');
    process.exit(1);
}

const specPath = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), 'openai-spec-subset.json');

let Ajv2020, addFormats;
try {
    Ajv2020 = (await import('ajv/dist/2020.js')).default;
    addFormats = (await import('ajv-formats')).default;
} catch (error) {
    fail(`the validator's npm packages are missing (run: npm ci --prefix tests/spec): ${error.message}`);
}

let spec;
try {
    const text = readFileSync(specPath, 'utf8');
    if (specPath.endsWith('.json')) {
        spec = JSON.parse(text);
    } else {
        const YAML = await import('yaml');
        spec = YAML.parse(text, { maxAliasCount: -1 });
    }
} catch (error) {
    fail(`cannot read the OpenAPI spec ${specPath}: ${error.message}`);
}
const schemas = spec?.components?.schemas;
if (!schemas || typeof schemas !== 'object')
    fail(`${specPath} has no components.schemas`);

const REF_PREFIX = '#/components/schemas/';
const BASE_ID = 'https://tandem.invalid/openai-openapi.json';

// Turns one OpenAPI schema node into plain JSON Schema 2020-12, recursively. `owner` is the name of the component
// schema being converted: the file's few draft 2019-09 `$recursiveRef: "#"` mean that schema itself.
function convert(node, owner) {
    if (Array.isArray(node))
        return node.map(item => convert(item, owner));
    if (node === null || typeof node !== 'object')
        return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-') || key === 'discriminator' || key === 'nullable' || key === 'example'
            || key === '$recursiveAnchor')
            continue;
        if (key === '$recursiveRef') {
            out.$ref = '#/$defs/' + owner;
            continue;
        }
        if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
            out.$ref = '#/$defs/' + value.slice(REF_PREFIX.length);
            continue;
        }
        // Keywords whose values are maps of names to schemas: keep the names, convert the schemas.
        if ((key === 'properties' || key === 'patternProperties' || key === '$defs') && value
            && typeof value === 'object' && !Array.isArray(value)) {
            out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub, owner)]));
            continue;
        }
        if (key === 'required' && Array.isArray(value)) {
            out.required = [...new Set(value)]; // the file repeats a name here and there
            continue;
        }
        out[key] = convert(value, owner);
    }
    // OpenAPI 3.0 booleans: `minimum: 0, exclusiveMinimum: true` is 2020-12's `exclusiveMinimum: 0`.
    for (const [exclusive, inclusive] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
        if (typeof out[exclusive] !== 'boolean')
            continue;
        if (out[exclusive] && typeof out[inclusive] === 'number') {
            out[exclusive] = out[inclusive];
            delete out[inclusive];
        } else {
            delete out[exclusive];
        }
    }
    if (node.nullable === true)
        return makeNullable(out);
    return out;
}

function makeNullable(schema) {
    if (typeof schema.type === 'string' && !schema.$ref && !schema.anyOf && !schema.oneOf && !schema.allOf) {
        schema.type = [schema.type, 'null'];
        if (Array.isArray(schema.enum) && !schema.enum.includes(null))
            schema.enum = [...schema.enum, null];
        return schema;
    }
    if (Array.isArray(schema.type)) {
        if (!schema.type.includes('null'))
            schema.type = [...schema.type, 'null'];
        return schema;
    }
    return { anyOf: [schema, { type: 'null' }] };
}

const defs = {};
for (const [name, schema] of Object.entries(schemas))
    defs[name] = convert(schema, name);

const ajv = new Ajv2020({
    strict: false, // OpenAPI documents carry keywords JSON Schema does not know
    allErrors: false,
    validateFormats: true,
    logger: false,
});
addFormats(ajv);
try {
    ajv.addSchema({ $id: BASE_ID, $defs: defs });
} catch (error) {
    fail(`the spec's schemas do not convert to JSON Schema 2020-12: ${error.message}`);
}

// Compiled validators, one per schema name: compiling the big anyOf families takes a while, validating is fast.
const compiled = new Map();
function validatorFor(name) {
    if (!compiled.has(name))
        compiled.set(name, ajv.getSchema(`${BASE_ID}#/$defs/${name}`));
    return compiled.get(name);
}

function refName(ref) {
    return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : null;
}

// The discriminator of the schema asked for, as the spec file has it: value -> branch schema name.
const discriminators = new Map();
function discriminatorFor(name) {
    if (discriminators.has(name))
        return discriminators.get(name);
    let result = null;
    const original = schemas[name];
    const branches = original?.anyOf ?? original?.oneOf;
    const property = original?.discriminator?.propertyName;
    if (property && Array.isArray(branches)) {
        const byValue = new Map();
        for (const [value, ref] of Object.entries(original.discriminator.mapping ?? {})) {
            if (refName(ref))
                byValue.set(value, refName(ref));
        }
        for (const branch of branches) {
            const branchName = refName(branch.$ref);
            const prop = branchName ? schemas[branchName]?.properties?.[property] : null;
            if (!prop)
                continue;
            const values = prop.const !== undefined ? [prop.const] : (prop.enum ?? []);
            for (const value of values) {
                if (!byValue.has(value))
                    byValue.set(value, branchName);
            }
        }
        result = { property, byValue };
    }
    discriminators.set(name, result);
    return result;
}

function formatErrors(errors) {
    return (errors ?? []).slice(0, 25).map(e => {
        const where = e.instancePath || '/';
        const params = e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : '';
        return `${where}: ${e.message}${params} (${e.schemaPath})`;
    });
}

function validate(name, body) {
    if (typeof name !== 'string' || !Object.hasOwn(schemas, name)) {
        return {
            valid: false,
            errors: [`unknown schema "${name}" (not in ${specPath}; a new one goes into extract-spec.mjs's ROOTS)`],
        };
    }
    let target = name;
    const discriminator = discriminatorFor(name);
    if (discriminator && body && typeof body === 'object' && !Array.isArray(body)) {
        const value = body[discriminator.property];
        const branch = discriminator.byValue.get(value);
        if (!branch) {
            return {
                valid: false,
                errors: [`/${discriminator.property}: ${JSON.stringify(value)} is not one of ${name}'s variants`],
            };
        }
        target = branch;
    }
    const check = validatorFor(target);
    if (check(body))
        return { valid: true, errors: [] };
    return { valid: false, errors: formatErrors(check.errors).map(e => (target !== name ? `[${target}] ` : '') + e) };
}

process.stdout.write(JSON.stringify({ ready: true, schemas: Object.keys(schemas).length }) + '\n');

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
    if (!line.trim())
        continue;
    let reply;
    try {
        const message = JSON.parse(line);
        reply = validate(message.schema, message.body);
    } catch (error) {
        reply = { valid: false, errors: [`validator error: ${error.message}`] };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
}
