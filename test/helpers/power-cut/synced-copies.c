/*
 * Preloaded (LD_PRELOAD) into a process whose files a test will take back to a power cut: each
 * time an fsync or fdatasync of a file directly in $POWER_CUT_WATCH returns, the file's content
 * is copied to $POWER_CUT_COPIES under the same name. The last copy of each file is then what a
 * power cut keeps of it at worst: what reached the disk by its last sync (test/helpers/power-cut.ts).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static pthread_mutex_t copying = PTHREAD_MUTEX_INITIALIZER;

static void copy_synced(int fd) {
  const char *watched = getenv("POWER_CUT_WATCH");
  const char *copies = getenv("POWER_CUT_COPIES");
  if (watched == NULL || copies == NULL) return;
  char link[64];
  char path[PATH_MAX];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t length = readlink(link, path, sizeof path - 1);
  if (length < 0) return;
  path[length] = '\0';
  size_t prefix = strlen(watched);
  if (strncmp(path, watched, prefix) != 0 || path[prefix] != '/') return;
  const char *name = path + prefix + 1;
  struct stat file;
  if (strchr(name, '/') != NULL || fstat(fd, &file) != 0 || !S_ISREG(file.st_mode)) return;

  char partial[PATH_MAX];
  char copy[PATH_MAX];
  snprintf(partial, sizeof partial, "%s/%s.partial", copies, name);
  snprintf(copy, sizeof copy, "%s/%s", copies, name);
  pthread_mutex_lock(&copying);
  int out = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out >= 0) {
    char buffer[1 << 16];
    off_t at = 0;
    for (;;) {
      ssize_t got = pread(fd, buffer, sizeof buffer, at);
      if (got <= 0) break;
      if (write(out, buffer, (size_t)got) != got) break;
      at += got;
    }
    close(out);
    rename(partial, copy);
  }
  pthread_mutex_unlock(&copying);
}

/* The libc call itself, then the copy of what it made durable. */
#define COPY_AFTER(sync)                                                   \
  int sync(int fd) {                                                       \
    static int (*real)(int) = NULL;                                        \
    if (real == NULL) real = (int (*)(int))dlsym(RTLD_NEXT, #sync);        \
    int result = real(fd);                                                 \
    if (result == 0) copy_synced(fd);                                      \
    return result;                                                         \
  }

COPY_AFTER(fsync)
COPY_AFTER(fdatasync)
