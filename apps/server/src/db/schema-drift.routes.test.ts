import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../../test/test-app';

// The hand-written `schema.ts` (what Kysely trusts) against the migrated database (what is true), on
// each database the route projects run: the same tables, the same columns, the same nullability, and
// every `Generated<>` column has a default (else Kysely lets an insert leave out a required column).

interface Column {
  nullable: boolean;
  /** Has a default or is filled by the database (autoincrement): may be left out on insert. */
  generated: boolean;
}
type Tables = Map<string, Map<string, Column>>;

/** Reads `schema.ts` with the TypeScript compiler: the tables of `interface DB` and their columns. */
function declaredTables(): Tables {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });

  const refName = (node: ts.TypeReferenceNode) =>
    ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;

  /** Whether a column's type admits null, through `Generated<T>`, `ColumnType<Select, …>` and local aliases. */
  function admitsNull(node: ts.TypeNode): boolean {
    if (ts.isParenthesizedTypeNode(node)) return admitsNull(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.some(admitsNull);
    if (ts.isLiteralTypeNode(node)) return node.literal.kind === ts.SyntaxKind.NullKeyword;
    if (ts.isTypeReferenceNode(node)) {
      const name = refName(node);
      if ((name === 'Generated' || name === 'ColumnType' || name === 'GeneratedAlways') && node.typeArguments) {
        return admitsNull(node.typeArguments[0]!);
      }
      const alias = aliases.get(name);
      if (alias) return admitsNull(alias);
    }
    return false;
  }

  /** Whether an insert may leave the column out: `Generated<>`, or `ColumnType<S, I | undefined, U>`. */
  function optionalOnInsert(node: ts.TypeNode): boolean {
    if (!ts.isTypeReferenceNode(node)) return false;
    const name = refName(node);
    if (name === 'Generated' || name === 'GeneratedAlways') return true;
    if (name === 'ColumnType' && node.typeArguments?.[1]) {
      const insert = node.typeArguments[1];
      return (
        insert.kind === ts.SyntaxKind.NeverKeyword ||
        (ts.isUnionTypeNode(insert) && insert.types.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword))
      );
    }
    const alias = aliases.get(name);
    return alias ? optionalOnInsert(alias) : false;
  }

  const db = interfaces.get('DB');
  if (!db) throw new Error('schema.ts declares no `interface DB`');
  const tables: Tables = new Map();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = member.name.getText(source);
    const declaration = interfaces.get(refName(member.type));
    if (!declaration)
      throw new Error(`schema.ts: DB.${table} names ${refName(member.type)}, which is not an interface`);
    const columns = new Map<string, Column>();
    for (const property of declaration.members) {
      if (!ts.isPropertySignature(property) || !property.type) continue;
      columns.set(property.name.getText(source), {
        nullable: admitsNull(property.type),
        generated: optionalOnInsert(property.type),
      });
    }
    tables.set(table, columns);
  }
  return tables;
}

const migrationTables = new Set(['kysely_migration', 'kysely_migration_lock']);
/**
 * What each database's own full-text index adds (decision 039), which Kysely never reads as a table:
 * SQLite's FTS5 table with its shadow tables, PostgreSQL's table of tsvectors (decision 046).
 */
const fullTextOnly = { sqliteTablePrefix: 'search_fts', postgresTables: new Set(['search_terms']) };

/** Reads the migrated database: SQLite's `pragma table_info`, PostgreSQL's `information_schema`. */
async function databaseTables(t: TestApp): Promise<Tables> {
  const tables: Tables = new Map();
  const db = t.database.db;
  if (t.database.dialect === 'sqlite') {
    const names = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
    for (const { name } of names.rows) {
      if (migrationTables.has(name) || name.startsWith(fullTextOnly.sqliteTablePrefix)) continue;
      const info = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>`
        select * from pragma_table_info(${name})`.execute(db);
      const pkColumns = info.rows.filter((c) => c.pk > 0).length;
      const columns = new Map<string, Column>();
      for (const c of info.rows) {
        // A lone `integer primary key` is the rowid: never null, and filled in when left out. Any other
        // primary-key column takes a null on SQLite unless it says `not null` (a legacy quirk).
        const rowid = c.pk > 0 && pkColumns === 1 && c.type.toLowerCase() === 'integer';
        columns.set(c.name, { nullable: !c.notnull && !rowid, generated: rowid || c.dflt_value !== null });
      }
      tables.set(name, columns);
    }
  } else {
    const info = await sql<{ table_name: string; column_name: string; is_nullable: string; column_default: unknown }>`
      select table_name, column_name, is_nullable, column_default
        from information_schema.columns
       where table_schema = current_schema()
       order by table_name, ordinal_position`.execute(db);
    for (const c of info.rows) {
      if (migrationTables.has(c.table_name) || fullTextOnly.postgresTables.has(c.table_name)) continue;
      const columns = tables.get(c.table_name) ?? new Map<string, Column>();
      columns.set(c.column_name, { nullable: c.is_nullable === 'YES', generated: c.column_default !== null });
      tables.set(c.table_name, columns);
    }
  }
  return tables;
}

/** Every difference, one sentence each, naming the table and the column. */
function schemaDrift(declared: Tables, actual: Tables): string[] {
  const problems: string[] = [];
  for (const [table, columns] of declared) {
    const real = actual.get(table);
    if (!real) {
      problems.push(`${table}: declared in schema.ts, but no migration creates it`);
      continue;
    }
    for (const [column, want] of columns) {
      const got = real.get(column);
      if (!got) {
        problems.push(`${table}.${column}: declared in schema.ts, but the table has no such column`);
        continue;
      }
      if (want.nullable !== got.nullable) {
        problems.push(
          `${table}.${column}: schema.ts says ${want.nullable ? 'nullable' : 'not null'}, ` +
            `the database says ${got.nullable ? 'nullable' : 'not null'}`,
        );
      }
      if (want.generated && !got.generated) {
        problems.push(`${table}.${column}: Generated<> in schema.ts, but the column has no default`);
      }
    }
    for (const column of real.keys()) {
      if (!columns.has(column)) problems.push(`${table}.${column}: in the database, missing from schema.ts`);
    }
  }
  for (const table of actual.keys()) {
    if (!declared.has(table)) problems.push(`${table}: in the database, missing from schema.ts (interface DB)`);
  }
  return problems;
}

describe(`schema.ts matches the migrated database (${testDb})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('declares the same tables, columns and nullability as the migrations make', async () => {
    const declared = declaredTables();
    const actual = await databaseTables(t);
    expect(declared.size).toBeGreaterThan(20);
    expect(actual.size).toBeGreaterThan(20);
    const problems = schemaDrift(declared, actual);
    expect(problems, `schema.ts has drifted from the migrations (${testDb}):\n  ${problems.join('\n  ')}\n`).toEqual(
      [],
    );
  });
});
