// The D type system: C's integer, floating, pointer, array, struct/union/enum and function
// types, plus D's string. Types are interned in a TypeTable and referred to by pointer.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::sema {

enum class TypeKind { Void, Integer, Float, Pointer, Array, Struct, Union, Enum, Function, String };

// Where a pointer points: kernel memory is read with probe_read_kernel, user memory only through
// copyin*() (or the userland qualifier).
enum class AddrSpace { Kernel, User };

struct Type;

struct Member {
    std::string name;
    const Type* type = nullptr;
    uint64_t offset_bits = 0;
    uint32_t bitfield_bits = 0;  // 0: not a bit-field
};

struct Type {
    TypeKind kind = TypeKind::Void;
    std::string name;    // spelling for messages: "int", "struct task_struct", "char *"
    uint64_t size = 0;   // bytes (0 for void, functions and incomplete types)
    uint32_t align = 1;
    bool is_signed = false;            // Integer, Enum
    const Type* target = nullptr;      // Pointer: pointee; Array: element; Function: return
    uint64_t count = 0;                // Array: elements
    AddrSpace space = AddrSpace::Kernel;  // Pointer
    bool complete = true;              // Struct/Union/Enum with a known body
    std::vector<Member> members;       // Struct/Union
    std::vector<std::pair<std::string, int64_t>> enumerators;  // Enum
    std::vector<const Type*> params;   // Function
    bool varargs = false;              // Function
    int btf_id = 0;                    // when imported from kernel BTF
    const void* origin = nullptr;      // the declaration that defined it (a program's own type)
    bool is_stack = false;             // Array: the frames of stack() (count = frames)
    bool is_ustack = false;            // with is_stack: a user stack, ustack() (count = frames)
    // Integer: _usymaddr, the value of ufunc()/usym() (Func), umod() (Mod) or uaddr() (Addr): a
    // user address recorded with its process and printed as DTrace prints that action.
    enum class UserSym : uint8_t { None, Func, Mod, Addr };
    UserSym usym = UserSym::None;
    // With usym: _symaddr, a kernel address from sym()/func() (Func) or mod() (Mod).
    bool kernel_sym = false;

    bool is_integer() const { return kind == TypeKind::Integer || kind == TypeKind::Enum; }
    bool is_arith() const { return is_integer() || kind == TypeKind::Float; }
    bool is_pointer() const { return kind == TypeKind::Pointer; }
    bool is_scalar() const { return is_arith() || is_pointer(); }
    bool is_string() const { return kind == TypeKind::String; }
    bool is_void() const { return kind == TypeKind::Void; }
    bool is_record() const { return kind == TypeKind::Struct || kind == TypeKind::Union; }
    // char, signed char, unsigned char arrays and pointers promote to string in D.
    bool is_char() const { return kind == TypeKind::Integer && size == 1; }
    const Member* member(const std::string& n) const;
};

class BtfSource;  // kernel types on demand (btf_types.h)

class TypeTable {
public:
    TypeTable();
    ~TypeTable();

    const Type* void_type() const { return void_; }
    const Type* string_type() const { return string_; }
    const Type* int_type(uint64_t size, bool is_signed) const;  // char..long long by size
    const Type* int_named(const std::string& keyword_spelling) const;  // "unsigned long"
    const Type* float_type(uint64_t size) const;
    const Type* pointer_to(const Type* t, AddrSpace space = AddrSpace::Kernel);
    const Type* array_of(const Type* t, uint64_t count);
    const Type* function_type(const Type* ret, std::vector<const Type*> params, bool varargs);

    // Named types: typedefs and tags (struct/union/enum), D's own first, then kernel BTF.
    const Type* lookup_typedef(const std::string& name);
    const Type* lookup_tag(TypeKind kind, const std::string& name);
    bool has_typedef(const std::string& name) const;
    void add_typedef(const std::string& name, const Type* t);
    Type* declare_tag(TypeKind kind, const std::string& tag);  // creates an incomplete record
    Type* new_type();

    void attach_btf(std::unique_ptr<BtfSource> btf);
    // Kernel types are read only when a program needs one: parsing vmlinux BTF costs more than
    // compiling most scripts. The loader runs at most once.
    void set_btf_loader(std::function<std::unique_ptr<BtfSource>()> loader) { btf_loader_ = std::move(loader); }
    BtfSource* btf();

private:
    std::deque<Type> storage_;
    const Type* void_ = nullptr;
    const Type* string_ = nullptr;
    std::map<std::string, const Type*> ints_;  // canonical keyword spellings
    std::map<std::string, const Type*> typedefs_;
    std::map<std::pair<TypeKind, std::string>, Type*> tags_;
    std::map<std::pair<const Type*, int>, const Type*> pointers_;
    std::map<std::pair<const Type*, uint64_t>, const Type*> arrays_;
    std::unique_ptr<BtfSource> btf_;
    std::function<std::unique_ptr<BtfSource>()> btf_loader_;
};

// D's arithmetic conversions on two operand types: the wider, unsigned over signed at one
// width; unlike C, no widening of types narrower than int.
const Type* arith_result(TypeTable& types, const Type* a, const Type* b);
// Integer promotion: types narrower than int become int.
const Type* promote(TypeTable& types, const Type* t);
// Can a value of `from` be assigned to a variable of `to` without a cast (D's rules)?
bool assignable(const Type* to, const Type* from);
// Are two types the same for the purpose of variable redeclaration and aggregation keys?
bool same_type(const Type* a, const Type* b);

}  // namespace bdtrace::sema
