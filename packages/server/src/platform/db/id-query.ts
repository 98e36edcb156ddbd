import type { SelectQueryBuilder } from 'kysely';

/**
 * A domain's own query selecting one column of ids, handed to the domain that owns the rows those
 * ids name (`where id in (that query)`): one query, while each domain's SQL names only its own
 * tables (docs/architecture.md "Reading another domain's data").
 */
export type IdQuery = SelectQueryBuilder<any, any, any>;
