import { InsightPage } from './InsightPage.tsx';

/** /prod-insight: product reviews. */
export default function ProdInsightPage() {
  return <InsightPage kind="product" />;
}
