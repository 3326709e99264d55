import { describe, expect, it } from 'vitest';
import { describeStatement } from './describe-statement.js';

describe('describeStatement', () => {
  it.each([
    ['INSERT INTO orders (id, note) VALUES ($1, $2)', 'INSERT', 'orders'],
    ['update shop.orders SET note = $1 WHERE id = $2', 'UPDATE', 'shop.orders'],
    ['DELETE FROM "order lines" WHERE id = $1', 'DELETE', 'order lines'],
    ['/* list */ SELECT id FROM orders WHERE tenant = $1', 'SELECT', 'orders'],
    ['SELECT o.id FROM orders o JOIN lines l ON l.order_id = o.id', 'SELECT', undefined],
    ['SELECT * FROM orders, lines', 'SELECT', undefined],
    ['SELECT 1', 'SELECT', undefined],
    ['BEGIN READ ONLY', 'BEGIN', undefined],
    ['  -- migrate\n CREATE TABLE items (name text)', 'CREATE', undefined],
  ])('reads %j as %s on %s', (sql, operation, collection) => {
    const description = describeStatement(sql, true);
    expect(description.operation).toBe(operation);
    expect(description.collection).toBe(collection);
  });

  it('records a parameterized statement as written: its values travel apart and are never recorded', () => {
    const sql = "SELECT id FROM orders WHERE status = 'placed' AND id = $1 LIMIT 10";
    expect(describeStatement(sql, true).text).toBe(sql);
  });

  it('replaces the string and number literals of a statement without parameters by ?', () => {
    const sql = "INSERT INTO items (name, price, code) VALUES ('it''s secret', 42.5, E'x'), ('b', -3, 'c')";
    expect(describeStatement(sql, false).text).toBe(
      'INSERT INTO items (name, price, code) VALUES (?, ?, ?), (?, ?, ?)',
    );
  });

  it('keeps names with digits, schema-qualified names and placeholders intact', () => {
    const sql = 'SELECT col1 FROM s2.t3 WHERE id = $1';
    expect(describeStatement(sql, false).text).toBe(sql);
  });
});
