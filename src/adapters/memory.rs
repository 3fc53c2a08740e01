//! Memory a busy spell leaves behind, handed back once it is over.
//!
//! glibc's allocator keeps what a burst freed: every thread that allocates gets an arena
//! of its own (up to eight per core), free chunks stay in it for reuse, and pages go back
//! to the system only from the top of a heap, which one chunk still in use can pin. A
//! minute at twice the bot's capacity left a replica at 109.5 MB, from 22.2 MB before,
//! and still there a minute later, though the work it had held was long done. Nothing
//! else returns those pages: `malloc_trim(0)` walks every arena and gives back each whole
//! free page in it (since glibc 2.8, not only the top).
//!
//! So a thread looks every few seconds at how much the program has in use. When that has
//! fallen by more than [`FELL_BY`] from its highest since the last trim (a burst's work is
//! done and its memory free), it trims at once; and every [`SWEEP_EVERY`] looks it trims
//! whatever is held free past that much, for what was freed after the last trim (the
//! tail of a burst, which falls less). A trim of pages already given back costs little.
//! The look (`mallinfo2`) and the trim take each arena's lock for a moment, so they run on
//! a thread of their own, not on the runtime's workers. Elsewhere than glibc (musl, other
//! systems) nothing runs.

use std::time::Duration;

/// How often the allocator is looked at.
pub const LOOK_EVERY: Duration = Duration::from_secs(5);

/// How far the memory in use must fall from its highest before the free pages are handed
/// back: more than a quiet second's garbage, so a trim does not give back what the next
/// moment asks for again.
pub const FELL_BY: usize = 8 << 20;

/// Looks between two trims of what is held free (30 s).
pub const SWEEP_EVERY: u32 = 6;

/// What the allocator holds: in use by the program, and free but kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heap {
    pub in_use: usize,
    pub held_free: usize,
}

/// This process's heap as the allocator counts it (`None` where it cannot say).
pub fn heap() -> Option<Heap> {
    imp::heap()
}

/// Hands the arenas' free pages back to the system now.
pub fn trim() {
    imp::trim()
}

/// When to trim: the memory in use has fallen far from its highest since the last trim,
/// or a sweep is due; either way only when much is held free.
#[derive(Debug, Default)]
pub struct Trimmer {
    highest: usize,
    looks: u32,
}

impl Trimmer {
    /// Looks at the heap now; whether to trim (and if so, counts from here again).
    pub fn look(&mut self, now: Heap) -> bool {
        self.highest = self.highest.max(now.in_use);
        self.looks += 1;
        let fell = self.highest - now.in_use > FELL_BY;
        let sweep = self.looks >= SWEEP_EVERY;
        if (fell || sweep) && now.held_free > FELL_BY {
            self.highest = now.in_use;
            self.looks = 0;
            return true;
        }
        false
    }
}

/// Starts the thread that trims after busy spells (see the module's notes); it lives as
/// long as the process, and a second call starts no other. Does nothing where the
/// allocator cannot be asked.
pub fn spawn_trimmer() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    if heap().is_none() {
        return;
    }
    STARTED.call_once(start);
}

fn start() {
    let started = std::thread::Builder::new()
        .name("memory-trim".into())
        .spawn(|| {
            let mut trimmer = Trimmer::default();
            loop {
                std::thread::sleep(LOOK_EVERY);
                let Some(now) = heap() else { return };
                if trimmer.look(now) {
                    trim();
                    tracing::debug!(
                        in_use = now.in_use,
                        held_free = now.held_free,
                        "free memory handed back"
                    );
                }
            }
        });
    if let Err(error) = started {
        tracing::warn!(%error, "the memory trimmer did not start");
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    use super::Heap;

    pub fn heap() -> Option<Heap> {
        // SAFETY: mallinfo2 takes no arguments and only reads the allocator's counters.
        let info = unsafe { libc::mallinfo2() };
        Some(Heap {
            in_use: info.uordblks + info.hblkhd,
            held_free: info.fordblks,
        })
    }

    pub fn trim() {
        // SAFETY: malloc_trim only returns free pages; nothing in use moves.
        unsafe { libc::malloc_trim(0) };
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod imp {
    use super::Heap;

    pub fn heap() -> Option<Heap> {
        None
    }

    pub fn trim() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    const MB: usize = 1 << 20;

    fn at(in_use: usize, held_free: usize) -> Heap {
        Heap { in_use, held_free }
    }

    /// A steady load trims only on the sweep; the end of a burst trims at once; the next
    /// burst counts from where the last trim left it.
    #[test]
    fn the_trimmer_trims_when_a_burst_is_over_and_sweeps_now_and_then() {
        let mut trimmer = Trimmer::default();
        let looks = [
            at(20 * MB, 2 * MB),
            at(26 * MB, 5 * MB),
            at(24 * MB, 7 * MB),
            at(90 * MB, 3 * MB),
            // The burst is over: 70 MB fell, 60 held free.
            at(20 * MB, 60 * MB),
            at(20 * MB, 60 * MB),
            at(60 * MB, 2 * MB),
            at(30 * MB, 30 * MB),
            // Its tail freed 4 MB more: no fall to speak of, the sweep takes it.
            at(26 * MB, 34 * MB),
            at(26 * MB, 34 * MB),
            at(26 * MB, 34 * MB),
            at(26 * MB, 34 * MB),
            at(26 * MB, 34 * MB),
            at(26 * MB, 34 * MB),
        ];
        let trims: Vec<bool> = looks.iter().map(|&h| trimmer.look(h)).collect();
        assert_eq!(
            trims,
            [
                false, false, false, false, true, false, false, true, false, false, false, false,
                false, true
            ]
        );
    }

    /// Nothing is trimmed when little is held free (the allocator gave it back itself,
    /// from the top of the heap), however far the memory in use fell and however long.
    #[test]
    fn nothing_is_trimmed_when_little_is_held_free() {
        let mut trimmer = Trimmer::default();
        assert!(!trimmer.look(at(100 * MB, 0)));
        for _ in 0..2 * SWEEP_EVERY {
            assert!(!trimmer.look(at(20 * MB, MB)));
        }
    }

    /// Resident memory of this process, from the kernel.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn resident() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
        let pages: usize = statm
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        // SAFETY: sysconf only reads a constant of the system.
        pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize
    }

    /// What a burst freed but the allocator kept (pinned under a block still in use)
    /// stays resident until a trim hands it back; what is in use keeps its contents.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn a_trim_hands_back_what_a_burst_freed() {
        // In a thread of its own: an arena the test's other threads rarely touch.
        let (kept_after_free, given_back, intact) = std::thread::spawn(|| {
            let keep: Vec<Box<[u8; 64]>> = (0..1_000).map(|_| Box::new([7u8; 64])).collect();
            let before = resident();
            // A burst's buffers, and among them a few small blocks that outlive it (an
            // entry added to a map, a string kept): they pin the pages around them, so
            // freeing the burst cannot shrink the heap by itself.
            let mut burst = Vec::new();
            let mut survivors = Vec::new();
            for n in 0..8_192 {
                burst.push(vec![n as u8; 16_384]);
                if n % 4 == 3 {
                    survivors.push(Box::new([1u8; 64]));
                }
            }
            drop(burst);
            let freed = resident();
            trim();
            let trimmed = resident();
            let intact = keep.iter().all(|b| b[63] == 7) && survivors.iter().all(|b| b[0] == 1);
            (
                freed.saturating_sub(before),
                freed.saturating_sub(trimmed),
                intact,
            )
        })
        .join()
        .expect("the thread ran");
        // 128 MB allocated and freed; other tests in this process move RSS a little.
        assert!(
            kept_after_free >= 64 * MB,
            "freed but kept: {} MB",
            kept_after_free / MB
        );
        assert!(
            given_back >= 64 * MB,
            "handed back by the trim: {} MB",
            given_back / MB
        );
        assert!(intact, "what is in use keeps its contents");
    }
}
