//! Requests to the operating system about how large tables are mapped.

/// Asks that the memory from `start` for `len` bytes, not yet touched, be mapped in large
/// (2 MB) pages where the system allows it (Linux's transparent huge pages in "madvise"
/// mode): the transposition table is probed at random over hundreds of megabytes, and with
/// 4 KB pages nearly every probe also misses the address-translation cache. Only a hint:
/// where it is refused or unknown, nothing changes.
pub(crate) fn advise_huge_pages<T>(start: *const T, len: usize) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads a system setting.
        let page = match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
            p if p > 0 && (p as usize).is_power_of_two() => p as usize,
            _ => return,
        };
        let first = (start as usize).next_multiple_of(page);
        let end = (start as usize + len) & !(page - 1);
        if end > first {
            // SAFETY: madvise only changes how this process's own pages, inside an
            // allocation it holds, are backed; it reads or writes no memory.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}
