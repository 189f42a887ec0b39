import { LongText } from '../../components/long-text.tsx';

/** The donor of a request in progress or done: name and email; nothing otherwise. */
export function DonorCell({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <span aria-hidden="true">—</span>;
  return (
    <span className="flex w-full min-w-0 flex-col">
      {name && <LongText text={name} lines={2} className="font-medium" />}
      {email && <LongText text={email} lines={2} className="text-gray-600" />}
    </span>
  );
}
