/*
 * path.d: paths of dentries, for fileinfo_t and cwd. __d_path walks the dentries and mounts;
 * the layouts it needs are given here, from the kernel's own types.
 */
inline string __path[struct dentry *D, struct vfsmount *M] = __d_path(D, M,
    offsetof(struct dentry, d_parent),
    offsetof(struct dentry, d_name) + offsetof(struct qstr, name),
    offsetof(struct dentry, d_name) + offsetof(struct qstr, len),
    offsetof(struct mount, mnt), offsetof(struct mount, mnt_parent),
    offsetof(struct mount, mnt_mountpoint), offsetof(struct vfsmount, mnt_root));

/* The current working directory of the current process. */
inline string cwd = __path[curthread->fs->pwd.dentry, curthread->fs->pwd.mnt];
