import { VideoPage } from './VideoPage.tsx';

export default function AiVideoSinglePage() {
  return <VideoPage single />;
}
