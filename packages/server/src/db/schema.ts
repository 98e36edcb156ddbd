import type { AccountTables } from '../accounts/tables.ts';
import type { AdminTables } from '../admin/tables.ts';
import type { AgentChatTables } from '../agent-chat/tables.ts';
import type { AuditLogTables } from '../audit-log/tables.ts';
import type { BatchTables } from '../batches/tables.ts';
import type { ConsoleTables } from '../console/tables.ts';
import type { AiPhotoTables } from '../engines/ai-photo/tables.ts';
import type { FeedbackTables } from '../feedback/tables.ts';
import type { FeishuPluginTables } from '../feishu-plugins/tables.ts';
import type { GoodsTables } from '../goods/tables.ts';
import type { HotLibraryTables } from '../hot-library/tables.ts';
import type { HotWorkbenchTables } from '../hot-workbench/tables.ts';
import type { InboxTables } from '../inbox/tables.ts';
import type { InsightTables } from '../insights/tables.ts';
import type { KnowledgeTables } from '../knowledge/tables.ts';
import type { KosTables } from '../kos/tables.ts';
import type { LeadTables } from '../leads/tables.ts';
import type { MarketingTables } from '../marketing/tables.ts';
import type { MembershipTables } from '../membership/tables.ts';
import type { ModelLibraryTables } from '../model-library/tables.ts';
import type { NoteTables } from '../notes/tables.ts';
import type { OpenApiTables } from '../open-api/tables.ts';
import type { OrderTables } from '../orders/tables.ts';
import type { PointsTables } from '../points/tables.ts';
import type { ReviewTables } from '../review/tables.ts';
import type { RewriteTables } from '../rewrite/tables.ts';
import type { TaskListTables } from '../task-list/tables.ts';
import type { TaskTables } from '../tasks/tables.ts';
import type { TeamTables } from '../team/tables.ts';
import type { TemplateTables } from '../templates/tables.ts';
import type { TenantTables } from '../tenants/tables.ts';
import type { ThemeTables } from '../themes/tables.ts';
import type { UploadTables } from '../uploads/tables.ts';
import type { CoreTables } from './core-tables.ts';

/**
 * The database schema, one interface per domain (each in its domain folder), joined here.
 * A new domain adds its tables file and one line below.
 */
export interface Database
  extends CoreTables,
    AccountTables,
    PointsTables,
    TenantTables,
    AdminTables,
    UploadTables,
    InboxTables,
    FeedbackTables,
    FeishuPluginTables,
    LeadTables,
    MembershipTables,
    OrderTables,
    TaskTables,
    AiPhotoTables,
    MarketingTables,
    KnowledgeTables,
    TaskListTables,
    ThemeTables,
    HotLibraryTables,
    GoodsTables,
    NoteTables,
    RewriteTables,
    TeamTables,
    AuditLogTables,
    ConsoleTables,
    KosTables,
    ReviewTables,
    InsightTables,
    AgentChatTables,
    HotWorkbenchTables,
    ModelLibraryTables,
    TemplateTables,
    BatchTables,
    OpenApiTables {}
