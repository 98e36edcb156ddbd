import type { ApiData, Schema } from './typed.ts';

/**
 * Names for the wire shapes clients use. Every one is the server's zod schema as published in
 * /api/openapi.json and generated into schema.gen.ts (`npm run gen:api`): nothing here is typed
 * by hand, so client and server cannot drift apart.
 */
export type TokenResponse = Schema<'TokenResponse'>;
export type UserInfo = Schema<'UserInfo'>;
export type BenefitPackage = Schema<'BenefitPackage'>;
export type CurrentUser = Schema<'CurrentUser'>;
export type SendCodeResult = Schema<'SendCodeResult'>;
export type LedgerEntry = Schema<'LedgerEntry'>;
export type Product = Schema<'Product'>;
export type ProductQuote = Schema<'ProductQuote'>;
export type MembershipProducts = Schema<'MembershipProducts'>;
export type Order = Schema<'Order'>;
export type InboxMessage = Schema<'InboxMessage'>;
export type TaskView = Schema<'TaskView'>;
export type TaskOutput = TaskView['outputs'][number];

/** A page of a list answer. */
export interface Page<T> {
  list: T[];
  total: number;
}

/** GET /api/inbox: a page of messages and the unread count. */
export type InboxPage = ApiData<'get', '/api/inbox'>;
