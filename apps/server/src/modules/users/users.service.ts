import type { Profile, ProfileRequest, Role } from '@toolyard/shared';
import { AppError, notFound } from '../../errors.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { CurrentUser } from '../auth/session.js';
import type { UsersRepository } from './users.repository.js';

const noSuchUser = (email: string) => notFound(`There is no user with the email ${email}.`);

/**
 * Like ADMIN_EMAILS, promotion waits for the owner to prove the address: until then the account
 * may be a stranger's who signed up with it first.
 */
const notConfirmed = (email: string) =>
  new AppError(
    'email_not_verified',
    `${email} has not confirmed their email address yet. They can be made an admin once they have followed the link we mailed them.`,
    409,
  );

/** Losing this admin would leave no active admin (a banned admin may always go). */
const isLastActiveAdmin = (id: string, activeAdmins: string[]) =>
  activeAdmins.includes(id) && activeAdmins.length <= 1;

/** User management rules: who may see, promote, demote and remove whom. */
export function createUsersService(repo: UsersRepository, changes?: Pick<ChangeFeed, 'publish'>) {
  return {
    /** Yourself, or anyone for an admin. */
    async isAdmin(actor: CurrentUser, email: string): Promise<boolean> {
      if (actor.email.toLowerCase() === email) return actor.role === 'admin';
      if (actor.role !== 'admin') {
        throw new AppError('forbidden', 'You can only ask about your own account.', 403);
      }
      const user = await repo.findByEmail(email);
      if (!user) throw noSuchUser(email);
      return user.role === 'admin';
    },

    /** Makes an admin (only of a confirmed address) or a buyer (never the last active admin). */
    async setRole(email: string, role: Role): Promise<{ email: string; role: Role }> {
      return repo
        .transaction(async (tx) => {
          const user = await repo.findByEmail(email, tx);
          if (!user) throw noSuchUser(email);
          if (role === 'admin' && user.role !== 'admin' && !user.emailVerified) {
            throw notConfirmed(user.email);
          }
          if (role === 'user' && user.role === 'admin') {
            if (isLastActiveAdmin(user.id, await repo.lockAdmins(tx))) {
              throw new AppError(
                'conflict',
                'The last admin cannot be demoted. Make another admin first.',
                409,
              );
            }
          }
          await repo.setRole(user.id, role, tx);
          return { id: user.id, email: user.email, role };
        })
        .then(({ id, ...changed }) => {
          // Sessions cached here and on other instances see the new role at once.
          changes?.publish(`user:${id}`);
          return changed;
        });
    },

    /** Removes the account and ends its sessions. Never yourself, never the last admin. */
    async removeUser(actor: CurrentUser, email: string): Promise<void> {
      if (actor.email.toLowerCase() === email) {
        throw new AppError('conflict', 'You cannot remove your own account.', 409);
      }
      await repo
        .transaction(async (tx) => {
          const user = await repo.findByEmail(email, tx);
          if (!user) throw noSuchUser(email);
          if (user.role === 'admin' && isLastActiveAdmin(user.id, await repo.lockAdmins(tx))) {
            throw new AppError('conflict', 'The last admin cannot be removed.', 409);
          }
          await repo.deleteUser(user.id, tx);
          return user.id;
        })
        .then((id) => changes?.publish(`user:${id}`));
    },

    /**
     * Only your own profile. Without phone and address (the spec's client sends only the
     * email after every sign-in) nothing changes and the profile is answered as it is.
     */
    async updateProfile(
      actor: CurrentUser,
      email: string,
      request: ProfileRequest,
    ): Promise<Profile> {
      if (actor.email.toLowerCase() !== email) {
        throw new AppError('forbidden', 'You can only change your own profile.', 403);
      }
      if (request.email !== undefined && request.email !== email) {
        const message = `This is the profile of ${email}: send that email, or none.`;
        throw new AppError('invalid_input', message, 400, { email: message });
      }
      const { phone, address } = request;
      const profile =
        phone === undefined || address === undefined
          ? await repo.getProfile(actor.id)
          : await repo.updateProfile(actor.id, { phone, address });
      if (!profile) throw noSuchUser(email);
      return profile;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
