/**
 * A member's avatar: their picture, or the first character of their nickname when they have none.
 * Decorative (empty alt): the nickname is always written next to it.
 */
export function Avatar({
  user,
  size,
  className,
  lazy = false,
}: {
  user: { user_nick_name: string; user_avatar_att_url: string };
  size: number;
  className?: string;
  lazy?: boolean;
}) {
  const classes = className ? `portal-avatar ${className}` : 'portal-avatar';
  if (user.user_avatar_att_url) {
    return (
      <img
        src={user.user_avatar_att_url}
        alt=""
        width={size}
        height={size}
        loading={lazy ? 'lazy' : undefined}
        className={classes}
      />
    );
  }
  return (
    <span
      className={`${classes} portal-avatar--initial`}
      style={{ width: size, height: size, fontSize: Math.round(size / 2.4) }}
      aria-hidden="true"
    >
      {Array.from(user.user_nick_name)[0] ?? ''}
    </span>
  );
}
