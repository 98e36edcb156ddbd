import { BackgroundPage } from './BackgroundPage.tsx';

export default function BatchCopyBgPage() {
  return <BackgroundPage batch />;
}
