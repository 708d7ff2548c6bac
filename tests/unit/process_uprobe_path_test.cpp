// The kernel path of a probed instruction (process/uprobe_path.h), where an entry uprobe goes
// (process/entry_site.h), and which form a return probe takes (codegen/clause_reads.h with the
// pid provider's trampoline rules).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "process/entry_site.h"
#include "process/function_code.h"
#include "process/uprobe_path.h"
#include "process/uretprobe_safety.h"

using namespace bdtrace::process;

namespace {

UprobePath path_of(std::vector<uint8_t> code, uint64_t address = 0x1000) {
    code.resize(code.size() + 8, 0xcc);  // bytes after the instruction, as a function has them
    return uprobe_path(code, address).path;
}

FunctionCode decode(const std::vector<uint8_t>& code) {
    FunctionLayout layout;
    layout.start = 0x1000;
    layout.size = code.size();
    return decode_function(code, layout);
}

EntryPlacement place(const std::vector<uint8_t>& code) { return place_entry(code, decode(code), 0x1000); }

}  // namespace

TEST(UprobePath, EmulatedInstructions) {
    EXPECT_EQ(path_of({0x55}), UprobePath::Emulated);              // push %rbp
    EXPECT_EQ(path_of({0x41, 0x57}), UprobePath::Emulated);        // push %r15
    EXPECT_EQ(path_of({0xe8, 0, 0, 0, 0}), UprobePath::Emulated);  // call
    EXPECT_EQ(path_of({0xe9, 0, 0, 0, 0}), UprobePath::Emulated);  // jmp rel32
    EXPECT_EQ(path_of({0xeb, 0x02}), UprobePath::Emulated);        // jmp rel8
    EXPECT_EQ(path_of({0x74, 0x02}), UprobePath::Emulated);        // je
    EXPECT_EQ(path_of({0x0f, 0x84, 0, 0, 0, 0}), UprobePath::Emulated);  // je rel32
    EXPECT_EQ(path_of({0xf2, 0xe9, 0, 0, 0, 0}), UprobePath::Emulated);  // bnd jmp
    EXPECT_EQ(path_of({0x90}), UprobePath::Emulated);               // nop
    EXPECT_EQ(path_of({0x66, 0x90}), UprobePath::Emulated);         // xchg %ax,%ax
    EXPECT_EQ(path_of({0x0f, 0x1f, 0x40, 0x00}), UprobePath::Emulated);  // nopl 0(%rax)
    EXPECT_EQ(path_of({0xf3, 0x90}), UprobePath::Emulated);         // pause: opcode 90
}

TEST(UprobePath, SingleSteppedInstructions) {
    EXPECT_EQ(path_of({0xf3, 0x0f, 0x1e, 0xfa}), UprobePath::SingleStep);  // endbr64
    EXPECT_EQ(path_of({0x48, 0x89, 0xe5}), UprobePath::SingleStep);        // mov %rsp,%rbp
    EXPECT_EQ(path_of({0x48, 0x83, 0xec, 0x18}), UprobePath::SingleStep);  // sub $0x18,%rsp
    EXPECT_EQ(path_of({0x31, 0xc0}), UprobePath::SingleStep);              // xor %eax,%eax
    EXPECT_EQ(path_of({0xc3}), UprobePath::SingleStep);                    // ret
    EXPECT_EQ(path_of({0xff, 0xe0}), UprobePath::SingleStep);              // jmp *%rax
    EXPECT_EQ(path_of({0x41, 0x54, 0x90}, 0x1000), UprobePath::Emulated);   // push %r12
    EXPECT_EQ(path_of({0x66, 0x50}), UprobePath::SingleStep);              // push %ax: not 64-bit
}

TEST(UprobePath, RefusedAndWrongNops) {
    EXPECT_EQ(path_of({0xcc}), UprobePath::Refused);                    // int3
    EXPECT_EQ(path_of({0xf4}), UprobePath::Refused);                    // hlt
    EXPECT_EQ(path_of({0xf0, 0x48, 0x0f, 0xb1, 0x17}), UprobePath::Refused);  // lock cmpxchg
    EXPECT_EQ(path_of({0xc5, 0xf8, 0x77}), UprobePath::Refused);        // vzeroupper (VEX)
    EXPECT_EQ(path_of({0x66, 0xeb, 0x02}), UprobePath::Refused);        // a 16-bit jmp
    EXPECT_EQ(path_of({0x41, 0x90}), UprobePath::WrongNop);             // xchg %eax,%r8d
}

TEST(UprobePath, FiveByteNopsAreOptimisedWithinAPage) {
    const std::vector<uint8_t> nopl = {0x0f, 0x1f, 0x44, 0x00, 0x00};
    EXPECT_EQ(path_of(nopl, 0x1000), UprobePath::OptimizedNop);
    EXPECT_EQ(path_of(nopl, 0x1ffb), UprobePath::OptimizedNop);  // its last byte is the page's
    EXPECT_EQ(path_of(nopl, 0x1ffc), UprobePath::Emulated);      // crosses: the kernel's NOP
    EXPECT_EQ(path_of({0x66, 0x66, 0x66, 0x66, 0x90}), UprobePath::OptimizedNop);
    EXPECT_EQ(path_of({0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00}), UprobePath::Emulated);  // six bytes
}

TEST(UprobePath, TextAndNames) {
    std::vector<uint8_t> push = {0x55, 0xc3};
    InsnPath p = uprobe_path(push, 0);
    EXPECT_EQ(p.length, 1);
    EXPECT_EQ(p.text, "push %rbp");
    EXPECT_EQ(path_name(UprobePath::SingleStep), "single-stepped");
    EXPECT_TRUE(fast_path(UprobePath::OptimizedNop));
    EXPECT_FALSE(fast_path(UprobePath::SingleStep));
    EXPECT_EQ(uprobe_path({}, 0).length, 0);
}

TEST(EntrySite, PastEndbr64OntoAPush) {
    // endbr64; push %rbp; mov %rsp,%rbp; mov %edi,%eax; pop %rbp; ret
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5, 0x89, 0xf8, 0x5d, 0xc3});
    EXPECT_EQ(e.first.insn.path, UprobePath::SingleStep);
    EXPECT_EQ(e.exact.offset, 4u);
    EXPECT_EQ(e.exact.insn.path, UprobePath::Emulated);
    EXPECT_EQ(e.further.offset, 4u);
    EXPECT_TRUE(e.why_not.empty());
}

TEST(EntrySite, AnEmulatedFirstInstructionStays) {
    EntryPlacement e = place({0x55, 0x48, 0x89, 0xe5, 0x5d, 0xc3});
    EXPECT_EQ(e.exact.offset, 0u);
    EXPECT_EQ(e.further.offset, 0u);
}

TEST(EntrySite, PastScratchArithmeticOnlyFurther) {
    // endbr64; xor %eax,%eax; push %rbx; ...; pop %rbx; ret
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x31, 0xc0, 0x53, 0x5b, 0xc3});
    EXPECT_EQ(e.exact.offset, 0u);    // xor writes %rax: uregs[R_RAX] would differ
    EXPECT_EQ(e.further.offset, 6u);  // onto the push
    EXPECT_EQ(e.further.insn.path, UprobePath::Emulated);
}

TEST(EntrySite, NeverPastAWriteOfAnArgumentRegisterOrTheStack) {
    // endbr64; mov %rsi,%rdi; push %rbx; pop %rbx; ret
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x48, 0x89, 0xf7, 0x53, 0x5b, 0xc3});
    EXPECT_EQ(e.further.offset, 0u);
    EXPECT_NE(e.why_not.find("changes what the probe would see"), std::string::npos) << e.why_not;
    // endbr64; sub $8,%rsp; push %rbx; ...
    e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x48, 0x83, 0xec, 0x08, 0x53, 0x5b, 0x48, 0x83, 0xc4, 0x08, 0xc3});
    EXPECT_EQ(e.further.offset, 0u);
    // endbr64; mov %rdi,-8(%rsp) (a memory write); push %rbx; ...
    e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x48, 0x89, 0x7c, 0x24, 0xf8, 0x53, 0x5b, 0xc3});
    EXPECT_EQ(e.further.offset, 0u);
}

TEST(EntrySite, NotWhereABranchLandsPastTheFirstInstruction) {
    // endbr64; push %rbp (a loop jumps back here); pop %rbp; jne -4 (to the push); ret
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x5d, 0x75, 0xfc, 0xc3});
    EXPECT_EQ(e.further.offset, 0u);
    EXPECT_NE(e.why_not.find("a branch lands"), std::string::npos) << e.why_not;
}

TEST(EntrySite, NotOntoAnInstructionThatLeavesTheFunction) {
    // endbr64; jmp elsewhere (a tail call; its return probe shares the jump)
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0xe9, 0x00, 0x10, 0x00, 0x00});
    EXPECT_EQ(e.further.offset, 0u);
}

TEST(EntrySite, SkipEffects) {
    std::vector<uint8_t> endbr = {0xf3, 0x0f, 0x1e, 0xfa}, nop = {0x0f, 0x1f, 0x00}, xor_eax = {0x31, 0xc0},
                         mov_rdi = {0x48, 0x89, 0xf7}, xor_r11 = {0x4d, 0x31, 0xdb};
    EXPECT_EQ(skip_effect(endbr), SkipEffect::Nothing);
    EXPECT_EQ(skip_effect(nop), SkipEffect::Nothing);
    EXPECT_EQ(skip_effect(xor_eax), SkipEffect::Scratch);
    EXPECT_EQ(skip_effect(xor_r11), SkipEffect::Scratch);
    EXPECT_EQ(skip_effect(mov_rdi), SkipEffect::Other);
}

TEST(ReturnTrampoline, LeafAllowedWhereUnwindersRunOthersNot) {
    // push %rbp; pop %rbp; ret: calls nothing
    FunctionCode leaf = decode({0x55, 0x5d, 0xc3});
    // push %rbp; call +0; pop %rbp; ret
    FunctionCode caller = decode({0x55, 0xe8, 0x00, 0x00, 0x00, 0x00, 0x5d, 0xc3});
    std::vector<std::string> names = {"lt_fn"};
    EXPECT_TRUE(uretprobe_safety(names, leaf, true).safe);
    EXPECT_FALSE(uretprobe_safety(names, caller, true).safe);
    EXPECT_TRUE(uretprobe_safety(names, caller, false).safe);
    EXPECT_TRUE(caller.has_call);
    EXPECT_FALSE(leaf.has_call);
}

TEST(ReturnTrampoline, RecursionAndTailCallsAreSeen) {
    // call 0 (itself); ret
    FunctionCode self = decode({0xe8, 0xfb, 0xff, 0xff, 0xff, 0xc3});
    EXPECT_TRUE(self.self_call);
    // push %rbp; pop %rbp; jmp elsewhere
    FunctionCode tail = decode({0x55, 0x5d, 0xe9, 0x00, 0x10, 0x00, 0x00});
    ASSERT_EQ(tail.returns.size(), 1u);
    EXPECT_NE(tail.returns[0].kind, ReturnKind::Ret);
}

TEST(EntrySite, NeverOntoAFiveByteNopTheKernelOptimises) {
    // endbr64; nopl 0(%rax,%rax) (5 bytes, within the page); push %rbp; pop %rbp; ret
    EntryPlacement e = place({0xf3, 0x0f, 0x1e, 0xfa, 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x55, 0x5d, 0xc3});
    EXPECT_EQ(e.further.offset, 9u);  // past the NOP (it changes nothing) onto the push
    EXPECT_EQ(e.further.insn.path, UprobePath::Emulated);
}
