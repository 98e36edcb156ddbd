export default function UserAgreementPage() {
  return <div />;
}
