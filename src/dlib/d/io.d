/*
 * io.d: bufinfo_t, devinfo_t and fileinfo_t, the arguments of DTrace's io provider, translated
 * from Linux's struct bio, struct request and struct file.
 */
#pragma D depends_on library path.d
inline int B_BUSY = 0x0001;
inline int B_DONE = 0x0002;
inline int B_ERROR = 0x0004;
inline int B_PAGEIO = 0x0010;
inline int B_PHYS = 0x0020;
inline int B_READ = 0x0040;
inline int B_WRITE = 0x0100;
inline int B_ASYNC = 0x0400;

typedef struct bufinfo {
	int		b_flags;	/* B_READ or B_WRITE */
	size_t		b_bcount;	/* bytes */
	uintptr_t	b_addr;
	uint64_t	b_lblkno;
	uint64_t	b_blkno;	/* the first sector */
	size_t		b_resid;
	size_t		b_bufsize;
	uintptr_t	b_iodone;	/* the completion function */
	int		b_error;
	dev_t		b_edev;		/* the device (major << 20 | minor) */
} bufinfo_t;

typedef struct devinfo {
	int		dev_major;
	int		dev_minor;
	int		dev_instance;
	string		dev_name;	/* the disk's name: "vda" */
	string		dev_statname;
	string		dev_pathname;
} devinfo_t;

typedef struct fileinfo {
	string		fi_name;	/* the file's name, without its directory */
	string		fi_dirname;	/* the name of the directory holding it */
	string		fi_pathname;	/* the full path */
	long long	fi_offset;	/* the file position */
	string		fi_fs;		/* the file system type: "ext4" */
	string		fi_mount;	/* where its file system is mounted */
	int		fi_oflags;	/* the open flags (O_*) */
} fileinfo_t;

/* The operation is the low byte of the flags; odd operations write (REQ_OP_WRITE is 1). */
translator bufinfo_t < struct bio *B > {
	b_flags = B->bi_opf & 1 ? B_WRITE : B_READ;
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (uintptr_t)B->bi_end_io;
	b_error = B->bi_status;
	b_edev = B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev;
};

/* A NULL request (io:::wait-start and wait-done name none) translates to zeros. */
translator bufinfo_t < struct request *R > {
	b_flags = R == NULL ? 0 : R->cmd_flags & 1 ? B_WRITE : B_READ;
	b_bcount = R == NULL ? 0 : R->__data_len;
	b_addr = 0;
	b_lblkno = R == NULL ? 0 : R->__sector;
	b_blkno = R == NULL ? 0 : R->__sector;
	b_resid = 0;
	b_bufsize = R == NULL ? 0 : R->__data_len;
	b_iodone = 0;
	b_error = 0;
	b_edev = R == NULL || R->part == NULL ? 0 : R->part->bd_dev;
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev >> 20;
	dev_minor = B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev & 0xfffff;
	dev_instance = 0;
	dev_name = B->bi_bdev == NULL ? "nfs" : stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = B->bi_bdev == NULL ? "nfs" : stringof(B->bi_bdev->bd_disk->disk_name);
	dev_pathname = "<unknown>";
};

/* A request's partition (part), else its whole disk; the io provider's args[1]. */
translator devinfo_t < struct request *R > {
	dev_major = R == NULL ? 0 : R->part != NULL ? R->part->bd_dev >> 20 : R->q->disk == NULL ? 0 : R->q->disk->major;
	dev_minor = R == NULL ? 0 : R->part != NULL ? R->part->bd_dev & 0xfffff : R->q->disk == NULL ? 0 : R->q->disk->first_minor;
	dev_instance = 0;
	dev_name = R == NULL ? "<none>" : R->q->disk == NULL ? "<unknown>" : stringof(R->q->disk->disk_name);
	dev_statname = R == NULL ? "<none>" : R->q->disk == NULL ? "<unknown>" : stringof(R->q->disk->disk_name);
	dev_pathname = R == NULL ? "<none>" : "<unknown>";
};

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : stringof(F->f_path.dentry->d_parent->d_name.name);
	fi_pathname = F == NULL ? "<none>" : __path[F->f_path.dentry, F->f_path.mnt];
	fi_offset = F == NULL ? -1 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : __path[F->f_path.mnt->mnt_root, F->f_path.mnt];
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/*
 * fds[fd]: the current process's open file fd, as fileinfo_t ("<none>" names when fd is not
 * open).
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ? curthread->files->fdt->fd[fd] : NULL);
