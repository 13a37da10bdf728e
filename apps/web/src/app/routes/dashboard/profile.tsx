import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/api/get-session';
import { ChangeEmailForm } from '@/features/auth/components/change-email-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { SignOutOtherDevices } from '@/features/auth/components/sign-out-other-devices';

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
          {/* Remount when another account signs in, so the forms start from its values. */}
          <ProfileForm key={user.id} user={user} />

          <h2 className="mt-10 text-xl font-bold">Change password</h2>
          <p className="mb-2 text-sm text-base-content/80">
            Other devices signed in to your account are signed out when it changes.
          </p>
          <ChangePasswordForm key={`password-${user.id}`} />

          <h2 className="mt-10 text-xl font-bold">Change email</h2>
          <p className="mb-2 text-sm text-base-content/80">
            We send a link to the new address; your email changes when you follow it.
          </p>
          <ChangeEmailForm key={`email-${user.id}`} currentEmail={user.email} />

          <h2 className="mt-10 text-xl font-bold">Sign out of other devices</h2>
          <p className="mb-3 max-w-xl text-sm text-base-content/80">
            Signed in on a computer you no longer use, or a phone you lost? End every other session
            of your account. You stay signed in here.
          </p>
          <SignOutOtherDevices />
        </>
      )}
    </section>
  );
}
