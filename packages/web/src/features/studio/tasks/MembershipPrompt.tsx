import { Modal } from '@douyinfe/semi-ui-19';
import { PaidFeaturePrompt } from '@productimage/kit';
import { useNavigate } from 'react-router';

interface Props {
  open: boolean;
  message: string;
  onClose: () => void;
}

/**
 * For paid-member features (custom colours, 2K): the kit's PaidFeaturePrompt (shared with the Base
 * plugins) in the app's modal, leading to the benefits centre. Escape or a click outside closes it.
 */
export function MembershipPrompt({ open, message, onClose }: Props) {
  const navigate = useNavigate();
  return (
    <Modal visible={open} width={440} onCancel={onClose} header={null} footer={null} bodyStyle={{ padding: 0 }}>
      <PaidFeaturePrompt message={message} onOpenMembership={() => navigate('/member')} onClose={onClose} />
    </Modal>
  );
}
