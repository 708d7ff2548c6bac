// One datum as the consumer hands it to the output stage: an integer of a given size and
// signedness, a floating-point number, the raw bytes of a string or other record, a stack the
// runtime has already symbolised, or text printed as it is (histograms).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bdtrace::output {

struct Value {
    enum class Kind {
        Integer,   // bits holds the value truncated to size bytes; is_signed from the D type
        Float,     // fp holds the value; size is 4 (float), 8 (double) or 16 (long double)
        Bytes,     // bytes holds the record as traced (strings padded with NULs to strsize)
        Stack,     // frames holds one symbolised frame per entry ("mod`sym+0x1c")
        Symbol,    // text holds a name the runtime resolved (mod(), sym(), usym() values)
        Verbatim,  // text is printed unchanged whatever the conversion (quantize histograms)
    };

    Kind kind = Kind::Integer;
    uint64_t bits = 0;
    uint32_t size = 8;
    bool is_signed = false;
    bool is_string = false;  // Bytes: the D type is string (not a char array or a struct)
    long double fp = 0;
    uint64_t pid = 0;  // Integer used with %A: the process the user address belongs to
    std::string bytes;
    std::vector<std::string> frames;
    std::string text;

    // An integer of size 1, 2, 4 or 8 bytes; the value is truncated to that size.
    static Value integer(uint64_t v, uint32_t size, bool is_signed) {
        Value r;
        r.kind = Kind::Integer;
        r.size = size;
        r.is_signed = is_signed;
        r.bits = size >= 8 ? v : (v & ((uint64_t{1} << (size * 8)) - 1));
        return r;
    }
    static Value i8(int8_t v) { return integer(static_cast<uint64_t>(v), 1, true); }
    static Value u8(uint8_t v) { return integer(v, 1, false); }
    static Value i16(int16_t v) { return integer(static_cast<uint64_t>(v), 2, true); }
    static Value u16(uint16_t v) { return integer(v, 2, false); }
    static Value i32(int32_t v) { return integer(static_cast<uint64_t>(v), 4, true); }
    static Value u32(uint32_t v) { return integer(v, 4, false); }
    static Value i64(int64_t v) { return integer(static_cast<uint64_t>(v), 8, true); }
    static Value u64(uint64_t v) { return integer(v, 8, false); }
    static Value pointer(uint64_t v) { return integer(v, 8, false); }
    static Value user_pointer(uint64_t pid, uint64_t addr) {
        Value r = integer(addr, 8, false);
        r.pid = pid;
        return r;
    }

    static Value floating(long double v, uint32_t size) {
        Value r;
        r.kind = Kind::Float;
        r.size = size;
        r.fp = v;
        return r;
    }

    // A D string as a record of strsize bytes: the text, then NULs up to size (if larger).
    static Value string(std::string_view s, uint32_t size = 0) {
        Value r;
        r.kind = Kind::Bytes;
        r.is_string = true;
        r.bytes.assign(s);
        if (size > r.bytes.size()) r.bytes.resize(size, '\0');
        r.size = static_cast<uint32_t>(r.bytes.size());
        return r;
    }
    // Any other record (char arrays, structs, tracemem data): exactly these bytes.
    static Value raw(std::string_view b) {
        Value r;
        r.kind = Kind::Bytes;
        r.bytes.assign(b);
        r.size = static_cast<uint32_t>(r.bytes.size());
        return r;
    }
    static Value stack(std::vector<std::string> frames) {
        Value r;
        r.kind = Kind::Stack;
        r.frames = std::move(frames);
        return r;
    }
    static Value symbol(std::string_view name) {
        Value r;
        r.kind = Kind::Symbol;
        r.text.assign(name);
        return r;
    }
    static Value verbatim(std::string_view t) {
        Value r;
        r.kind = Kind::Verbatim;
        r.text.assign(t);
        return r;
    }

    // The value sign-extended (is_signed) or zero-extended from its size.
    int64_t as_signed() const {
        if (size >= 8) return static_cast<int64_t>(bits);
        if (size == 0) return 0;
        unsigned shift = 64 - size * 8;
        return static_cast<int64_t>(bits << shift) >> shift;
    }
    uint64_t as_unsigned() const { return bits; }
};

}  // namespace bdtrace::output
