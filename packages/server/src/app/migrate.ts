import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_core.ts';
import * as m0002 from './migrations/0002_accounts.ts';
import * as m0003 from './migrations/0003_points.ts';
import * as m0010 from './migrations/0010_tenants.ts';
import * as m0011 from './migrations/0011_uploads.ts';
import * as m0012 from './migrations/0012_inbox.ts';
import * as m0013 from './migrations/0013_feedback.ts';
import * as m0014 from './migrations/0014_leads.ts';
import * as m0020 from './migrations/0020_membership.ts';
import * as m0021 from './migrations/0021_orders.ts';
import * as m0030 from './migrations/0030_tasks.ts';
import * as m0031 from './migrations/0031_download_lock_owner.ts';
import * as m0035 from './migrations/0035_task_priority.ts';
import * as m0040 from './migrations/0040_account_abuse.ts';
import * as m0050 from './migrations/0050_task_text.ts';
import * as m0060 from './migrations/0060_marketing.ts';
import * as m0061 from './migrations/0061_content_task_ids.ts';
import * as m0062 from './migrations/0062_idea_picture_tasks.ts';
import * as m0065 from './migrations/0065_idea_report_tasks.ts';
import * as m0070 from './migrations/0070_knowledge.ts';
import * as m0071 from './migrations/0071_notes.ts';
import * as m0072 from './migrations/0072_goods.ts';
import * as m0073 from './migrations/0073_hot_library.ts';
import * as m0074 from './migrations/0074_themes.ts';
import * as m0075 from './migrations/0075_task_list.ts';
import * as m0076 from './migrations/0076_knowledge_posting_length.ts';
import * as m0077 from './migrations/0077_knowledge_fastgpt.ts';
import * as m0078 from './migrations/0078_knowledge_training_tasks.ts';
import * as m0079 from './migrations/0079_knowledge_pgvector.ts';
import * as m0080 from './migrations/0080_feishu_bindings.ts';
import * as m0110 from './migrations/0110_rewrite.ts';
import * as m0111 from './migrations/0111_rewrite_videos.ts';
import * as m0116 from './migrations/0116_agent_chat.ts';
import * as m0117 from './migrations/0117_workbench_records.ts';
import * as m0120 from './migrations/0120_model_library_templates.ts';
import * as m0121 from './migrations/0121_house_looks.ts';
import * as m0130 from './migrations/0130_team.ts';
import * as m0131 from './migrations/0131_audit_log.ts';
import * as m0132 from './migrations/0132_console_followups.ts';
import * as m0133 from './migrations/0133_platform_nodes.ts';
import * as m0134 from './migrations/0134_kos.ts';
import * as m0135 from './migrations/0135_review.ts';
import * as m0136 from './migrations/0136_insights.ts';
import * as m0139 from './migrations/0139_compliance.ts';
import * as m0140 from './migrations/0140_code_requester.ts';
import * as m0150 from './migrations/0150_ai_photo.ts';
import * as m0170 from './migrations/0170_marketing_plan.ts';
import * as m0180 from './migrations/0180_knowledge_fts.ts';
import * as m0181 from './migrations/0181_knowledge_drop_postings.ts';
import * as m0182 from './migrations/0182_knowledge_collection_texts.ts';
import * as m0190 from './migrations/0190_batches.ts';
import * as m0200 from './migrations/0200_open_api.ts';
import * as m0210 from './migrations/0210_ai_photo_cost_source.ts';
import * as m0230 from './migrations/0230_content_edits.ts';
import * as m0240 from './migrations/0240_ai_photo_originals.ts';
import * as m0245 from './migrations/0245_lite_hidden_pages.ts';
import * as m0246 from './migrations/0246_batch_picture_rules.ts';
import * as m0250 from './migrations/0250_result_hashes.ts';
import * as m0251 from './migrations/0251_ledger_groups.ts';
import * as m0252 from './migrations/0252_task_batches.ts';
import * as m0255 from './migrations/0255_ai_photo_failover.ts';
import * as m0256 from './migrations/0256_batch_contact_shadow.ts';
import * as m0257 from './migrations/0257_library_starter.ts';
import * as m0258 from './migrations/0258_batch_item_regions.ts';
import * as m0259 from './migrations/0259_knowledge_fts_by_dataset.ts';

/**
 * Every migration, in order. They run unchanged on SQLite and PostgreSQL (see dialect.ts).
 * A domain adds a file `NNNN_<domain>.ts` and one line here; never edit a landed migration.
 */
const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_accounts': m0002,
  '0003_points': m0003,
  '0010_tenants': m0010,
  '0011_uploads': m0011,
  '0012_inbox': m0012,
  '0013_feedback': m0013,
  '0014_leads': m0014,
  '0020_membership': m0020,
  '0021_orders': m0021,
  '0030_tasks': m0030,
  '0031_download_lock_owner': m0031,
  '0040_account_abuse': m0040,
  '0050_task_text': m0050,
  '0060_marketing': m0060,
  '0061_content_task_ids': m0061,
  '0062_idea_picture_tasks': m0062,
  '0065_idea_report_tasks': m0065,
  '0070_knowledge': m0070,
  '0080_feishu_bindings': m0080,
  '0071_notes': m0071,
  '0072_goods': m0072,
  '0073_hot_library': m0073,
  '0074_themes': m0074,
  '0075_task_list': m0075,
  '0076_knowledge_posting_length': m0076,
  '0077_knowledge_fastgpt': m0077,
  '0078_knowledge_training_tasks': m0078,
  '0079_knowledge_pgvector': m0079,
  '0110_rewrite': m0110,
  '0111_rewrite_videos': m0111,
  '0116_agent_chat': m0116,
  '0117_workbench_records': m0117,
  '0120_model_library_templates': m0120,
  '0130_team': m0130,
  '0131_audit_log': m0131,
  '0132_console_followups': m0132,
  '0133_platform_nodes': m0133,
  '0134_kos': m0134,
  '0135_review': m0135,
  '0136_insights': m0136,
  '0139_compliance': m0139,
  '0140_code_requester': m0140,
  '0180_knowledge_fts': m0180,
  '0181_knowledge_drop_postings': m0181,
  '0150_ai_photo': m0150,
  '0170_marketing_plan': m0170,
  '0190_batches': m0190,
  '0200_open_api': m0200,
  '0210_ai_photo_cost_source': m0210,
  '0230_content_edits': m0230,
  '0240_ai_photo_originals': m0240,
  '0255_ai_photo_failover': m0255,
  '0245_lite_hidden_pages': m0245,
  '0035_task_priority': m0035,
  '0246_batch_picture_rules': m0246,
  '0121_house_looks': m0121,
  '0250_result_hashes': m0250,
  '0251_ledger_groups': m0251,
  '0252_task_batches': m0252,
  '0256_batch_contact_shadow': m0256,
  '0257_library_starter': m0257,
  '0258_batch_item_regions': m0258,
  '0259_knowledge_fts_by_dataset': m0259,
  '0182_knowledge_collection_texts': m0182,
};

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Each domain numbers its migrations in its own range (0060s marketing, 0070s knowledge...), so a
    // domain's new migration can sort before another domain's that an existing database already ran.
    allowUnorderedMigrations: true,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // No failed migration named means the error came from the migrator's own steps (its tables, the
    // lock, the commit): the database's detail and the stack say which (a PostgreSQL run once failed
    // that way, unexplained; docs/testing.md).
    const detail = error as { stack?: string; where?: string; routine?: string; code?: string } | undefined;
    const where = [detail?.code, detail?.routine, detail?.where].filter(Boolean).join(' ');
    throw new Error(
      failed
        ? `migration ${failed.migrationName} failed: ${String(error)}`
        : `migrations failed outside a migration${where ? ` (${where})` : ''}: ${detail?.stack ?? String(error)}`,
    );
  }
}
