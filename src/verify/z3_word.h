// A small, checked layer over z3++.h for the rules checker. Only src/verify includes it.
//
// z3++.h does not throw when it is misused: `a & b` on bit-vectors of different widths, or on
// expressions of two contexts, returns a null expression that fails later, far from the cause.
// Word wraps a 64-bit bit-vector and checks sort and context on every operation, throwing
// Z3Error at the faulty call instead. WordOps<Word> plugs it into the engine's bitboard
// templates (bitboard.h), so the checker runs the engine's own code on symbolic boards.
//
// One z3::context per check, never shared between threads.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <z3++.h>

#include "src/kamisado/bitboard.h"

namespace kamisado::verify {

class Z3Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws Z3Error unless `e` is a Boolean expression.
z3::expr checked_bool(const z3::expr& e, const char* what);

class Word {
 public:
  // Throws Z3Error unless `e` is a 64-bit bit-vector.
  explicit Word(const z3::expr& e);
  static Word constant(z3::context& ctx, std::uint64_t value);
  static Word variable(z3::context& ctx, const std::string& name);

  const z3::expr& expr() const { return e_; }
  z3::context& ctx() const { return e_.ctx(); }

  Word operator&(const Word& o) const;
  Word operator|(const Word& o) const;
  Word operator^(const Word& o) const;
  Word operator~() const;
  Word shl(unsigned n) const;
  Word lshr(unsigned n) const;
  z3::expr operator==(const Word& o) const;  // Boolean
  z3::expr is_zero() const;                  // Boolean
  z3::expr has(Square s) const;              // Boolean: bit s is set

 private:
  void same_context(const Word& o) const;
  z3::expr e_;
};

}  // namespace kamisado::verify

namespace kamisado {

template <>
struct WordOps<verify::Word> {
  static verify::Word lift(const verify::Word& like, Bitboard value) { return verify::Word::constant(like.ctx(), value); }
  static verify::Word shl(const verify::Word& w, unsigned n) { return w.shl(n); }
  static verify::Word shr(const verify::Word& w, unsigned n) { return w.lshr(n); }
};

}  // namespace kamisado
