import { InsightPage } from './InsightPage.tsx';

/** /comment-insight: comments on the team's posts. */
export default function CommentInsightPage() {
  return <InsightPage kind="comment" />;
}
