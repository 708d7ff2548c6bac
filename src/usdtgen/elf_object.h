// dtrace -G: an ELF relocatable object (x86-64) that defines the semaphores of a program's
// probes, written with libelf. sys/sdt.h probes need nothing else at link time: their notes
// are in the objects that contain the probe sites (written there by the compiler, or by
// object_rewrite.h for DTrace's own sys/sdt.h). Two more things may be in it: the is-enabled
// functions DTrace's headers call (each reads its probe's semaphore), and the argument mappings
// of probes whose definition translates their arguments (`probe p(int a, char *b) : (char *b,
// int a)`), which the notes cannot say, as notes of their own (process/usdt_notes.h says how).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::usdtgen {

struct SemaphoreObject {
    std::string source_name;  // the script, named by the object's STT_FILE symbol
    std::vector<std::string> semaphores;
    // SystemTap's default (sys/sdt.h V3): each semaphore is private to the executable or
    // library it is linked into. Builds that define STAP_SDT_V1 or STAP_SDT_V2 share them
    // across objects (QEMU's modules), so they get default visibility.
    bool hidden = true;
    // Functions returning whether a probe is enabled: `semaphore` indexes `semaphores`.
    struct Enabled {
        std::string symbol;
        size_t semaphore = 0;
    };
    std::vector<Enabled> enabled;
    // Probes whose arguments are a mapping of the native ones: argument i is native[i].
    struct ArgMapping {
        std::string provider;
        std::string probe;  // the C name, as in the stapsdt notes
        std::vector<size_t> native;
    };
    std::vector<ArgMapping> mappings;
};


// Writes the object to `path` (created or truncated). Each semaphore is a global unsigned
// short, zero, in a writable .probes section; the object also carries an empty
// .note.GNU-stack so that linking it does not ask for an executable stack. Returns DTrace's
// message on failure ("failed to open x.o: Permission denied").
std::optional<std::string> write_semaphore_object(const std::string& path,
                                                  const SemaphoreObject& obj);

// The check DTrace makes of each object given after the script: it must open and be ELF.
// Returns DTrace's message ("failed to open x.o: No such file or directory") on failure.
std::optional<std::string> check_input_object(const std::string& path);

}  // namespace bdtrace::usdtgen
