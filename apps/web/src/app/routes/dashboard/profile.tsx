import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/api/get-session';
import { ProfileForm } from '@/features/auth/components/profile-form';

export default function ProfilePage() {
  const session = useSession();
  const user = session.data?.user;

  return (
    <section className="py-2">
      <PageTitle title="My Profile" />
      <h1 className="text-3xl font-bold">My Profile</h1>
      {!user ? (
        <Spinner label="Loading your profile" />
      ) : (
        <>
          <dl className="mt-6 grid max-w-xl gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd className="break-all">{user.name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{user.email}</dd>
          </dl>
          <h2 className="mt-8 text-xl font-bold">Delivery details</h2>
          <p className="mb-2 text-sm text-base-content/80">
            We fill these in for you when you order.
          </p>
          {/* Remount when another account signs in, so the form starts from its values. */}
          <ProfileForm key={user.id} user={user} />
        </>
      )}
    </section>
  );
}
