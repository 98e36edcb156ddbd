import { Spin } from '@douyinfe/semi-ui-19';

export function PageLoading() {
  return (
    <div className="page-center">
      <Spin size="large" />
    </div>
  );
}
