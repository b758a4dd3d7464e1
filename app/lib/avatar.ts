/** Avatar letter (when there is no profile image): first letter of firstName, else of the email upper-cased, else U. */
export function avatarInitial(user: { firstName?: string | null; email?: string | null }): string {
  const first = user.firstName?.trim().charAt(0);
  if (first) return first;
  const email = user.email?.trim().charAt(0);
  return email ? email.toUpperCase() : "U";
}
