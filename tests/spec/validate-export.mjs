// Validates Tandem's JSON exports against docs/export-format.schema.json (JSON Schema draft 2020-12).
//
//   node validate-export.mjs <schema.json> <export.json>…
//
// Prints one line per file, "valid <file>" or "invalid <file>: <path> <message>; …", and exits 0 when every file is
// valid, 1 when one is not, 2 when the schema or a file cannot be read.
import { readFileSync } from 'node:fs';

let Ajv2020, addFormats;
try {
    Ajv2020 = (await import('ajv/dist/2020.js')).default;
    addFormats = (await import('ajv-formats')).default;
} catch (error) {
    console.log(`the validator's npm packages are missing (run: npm ci --prefix tests/spec): ${error.message}`);
    process.exit(2);
}

const [schemaPath, ...files] = process.argv.slice(2);
if (!schemaPath || files.length === 0) {
    console.log('usage: node validate-export.mjs <schema.json> <export.json>…');
    process.exit(2);
}

let validate;
try {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
} catch (error) {
    console.log(`cannot compile ${schemaPath}: ${error.message}`);
    process.exit(2);
}

let allValid = true;
for (const file of files) {
    let document;
    try {
        document = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
        console.log(`unreadable ${file}: ${error.message}`);
        process.exit(2);
    }
    if (validate(document)) {
        console.log(`valid ${file}`);
    } else {
        allValid = false;
        const errors = validate.errors.slice(0, 20).map(e => `${e.instancePath || '/'} ${e.message}`);
        console.log(`invalid ${file}: ${errors.join('; ')}`);
    }
}
process.exit(allValid ? 0 : 1);
