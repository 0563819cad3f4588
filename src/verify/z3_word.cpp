#include "src/verify/z3_word.h"

namespace kamisado::verify {

namespace {
bool is_word(const z3::expr& e) { return static_cast<Z3_ast>(e) != nullptr && e.is_bv() && e.get_sort().bv_size() == 64; }
}  // namespace

z3::expr checked_bool(const z3::expr& e, const char* what) {
  if (static_cast<Z3_ast>(e) == nullptr || !e.is_bool()) throw Z3Error(std::string(what) + ": not a Boolean expression");
  return e;
}

Word::Word(const z3::expr& e) : e_(e) {
  if (!is_word(e)) throw Z3Error("not a 64-bit bit-vector");
}

Word Word::constant(z3::context& ctx, std::uint64_t value) { return Word(ctx.bv_val(value, 64)); }
Word Word::variable(z3::context& ctx, const std::string& name) { return Word(ctx.bv_const(name.c_str(), 64)); }

void Word::same_context(const Word& o) const {
  if (&ctx() != &o.ctx()) throw Z3Error("words from two Z3 contexts");
}

Word Word::operator&(const Word& o) const {
  same_context(o);
  return Word(e_ & o.e_);
}
Word Word::operator|(const Word& o) const {
  same_context(o);
  return Word(e_ | o.e_);
}
Word Word::operator^(const Word& o) const {
  same_context(o);
  return Word(e_ ^ o.e_);
}
Word Word::operator~() const { return Word(~e_); }

Word Word::shl(unsigned n) const {
  if (n >= 64) return constant(ctx(), 0);
  return Word(z3::shl(e_, ctx().bv_val(n, 64)));
}

Word Word::lshr(unsigned n) const {
  if (n >= 64) return constant(ctx(), 0);
  return Word(z3::lshr(e_, ctx().bv_val(n, 64)));
}

z3::expr Word::operator==(const Word& o) const {
  same_context(o);
  return checked_bool(e_ == o.e_, "==");
}

z3::expr Word::is_zero() const { return checked_bool(e_ == ctx().bv_val(0, 64), "is_zero"); }

z3::expr Word::has(Square s) const { return checked_bool(z3::lshr(e_, ctx().bv_val(s, 64)).extract(0, 0) == ctx().bv_val(1, 1), "has"); }

}  // namespace kamisado::verify
