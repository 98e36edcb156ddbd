import type { LeadTables } from '../../commerce/leads/tables.ts';
import type { MembershipTables } from '../../commerce/membership/tables.ts';
import type { OrderTables } from '../../commerce/orders/tables.ts';
import type { PointsTables } from '../../commerce/points/tables.ts';
import type { AgentChatTables } from '../../content/agent-chat/tables.ts';
import type { ComplianceTables } from '../../content/compliance/tables.ts';
import type { HotLibraryTables } from '../../content/hot-library/tables.ts';
import type { HotWorkbenchTables } from '../../content/hot-workbench/tables.ts';
import type { InsightTables } from '../../content/insights/tables.ts';
import type { KnowledgeTables } from '../../content/knowledge/tables.ts';
import type { KosTables } from '../../content/kos/tables.ts';
import type { MarketingTables } from '../../content/marketing/tables.ts';
import type { NoteTables } from '../../content/notes/tables.ts';
import type { ReviewTables } from '../../content/review/tables.ts';
import type { RewriteTables } from '../../content/rewrite/tables.ts';
import type { TaskListTables } from '../../content/task-list/tables.ts';
import type { ThemeTables } from '../../content/task-list/themes/tables.ts';
import type { AiPhotoTables } from '../../engines/ai-photo/tables.ts';
import type { AccountTables } from '../../identity/accounts/tables.ts';
import type { InboxTables } from '../../identity/inbox/tables.ts';
import type { AdminTables } from '../../identity/operators/tables.ts';
import type { TenantTables } from '../../identity/tenants/tables.ts';
import type { FeishuPluginTables } from '../../integrations/feishu-plugins/tables.ts';
import type { OpenApiTables } from '../../integrations/open-api/tables.ts';
import type { ConsoleTables } from '../../organisation/console/tables.ts';
import type { FeedbackTables } from '../../organisation/feedback/tables.ts';
import type { TeamTables } from '../../organisation/team/tables.ts';
import type { BatchTables } from '../../studio/batches/tables.ts';
import type { GoodsTables } from '../../studio/goods/tables.ts';
import type { ModelLibraryTables } from '../../studio/model-library/tables.ts';
import type { TaskTables } from '../../studio/tasks/tables.ts';
import type { TemplateTables } from '../../studio/templates/tables.ts';
import type { UploadTables } from '../../studio/uploads/tables.ts';
import type { AuditLogTables } from '../audit-log/tables.ts';
import type { RateLimitTables } from '../http/tables.ts';
import type { MessagingTables } from '../messaging/tables.ts';
import type { CoreTables } from './core-tables.ts';

/**
 * The database schema, one interface per domain (each in its domain folder), joined here.
 * A new domain adds its tables file and one line below.
 */
export interface Database
  extends CoreTables,
    RateLimitTables,
    MessagingTables,
    AccountTables,
    ComplianceTables,
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
