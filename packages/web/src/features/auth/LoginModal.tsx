import { Modal } from '@douyinfe/semi-ui-19';
import { useLoginModal } from './loginModalStore.ts';

/** The login modal; its tabs and sub-views are built in features/auth. */
export default function LoginModal() {
  const { open, hide } = useLoginModal();
  return <Modal visible={open} onCancel={hide} footer={null} />;
}
