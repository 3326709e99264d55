;; Vector-search kernel for @opwire/knowledge (WebAssembly SIMD, 128-bit lanes).
;; Regenerate kernel-bytes.ts after editing: npx tsx packages/knowledge/src/vector/generate-kernel.ts
;; Addresses are byte offsets into this instance's memory, laid out by wasm-row-arena.ts.
(module
  (memory (export "memory") 1)

  ;; Dot product of two f32 rows of $strideBytes bytes (a multiple of 16): 64 bytes per step into four
  ;; accumulators so the loads of consecutive steps overlap, a 16-byte tail into the first one.
  ;; scanF32 calls this function too, so a rescored row gets bit-for-bit the score a full scan gives it.
  (func $dotF32 (export "dotF32")
    (param $query i32) (param $row i32) (param $strideBytes i32) (result f32)
    (local $offset i32) (local $blockEnd i32)
    (local $acc0 v128) (local $acc1 v128) (local $acc2 v128) (local $acc3 v128)
    (local.set $blockEnd (i32.and (local.get $strideBytes) (i32.const -64)))
    (block $mainDone
      (br_if $mainDone (i32.eqz (local.get $blockEnd)))
      (loop $main
        (local.set $acc0 (f32x4.add (local.get $acc0) (f32x4.mul
          (v128.load (i32.add (local.get $row) (local.get $offset)))
          (v128.load (i32.add (local.get $query) (local.get $offset))))))
        (local.set $acc1 (f32x4.add (local.get $acc1) (f32x4.mul
          (v128.load offset=16 (i32.add (local.get $row) (local.get $offset)))
          (v128.load offset=16 (i32.add (local.get $query) (local.get $offset))))))
        (local.set $acc2 (f32x4.add (local.get $acc2) (f32x4.mul
          (v128.load offset=32 (i32.add (local.get $row) (local.get $offset)))
          (v128.load offset=32 (i32.add (local.get $query) (local.get $offset))))))
        (local.set $acc3 (f32x4.add (local.get $acc3) (f32x4.mul
          (v128.load offset=48 (i32.add (local.get $row) (local.get $offset)))
          (v128.load offset=48 (i32.add (local.get $query) (local.get $offset))))))
        (local.set $offset (i32.add (local.get $offset) (i32.const 64)))
        (br_if $main (i32.lt_u (local.get $offset) (local.get $blockEnd)))))
    (block $tailDone
      (loop $tail
        (br_if $tailDone (i32.ge_u (local.get $offset) (local.get $strideBytes)))
        (local.set $acc0 (f32x4.add (local.get $acc0) (f32x4.mul
          (v128.load (i32.add (local.get $row) (local.get $offset)))
          (v128.load (i32.add (local.get $query) (local.get $offset))))))
        (local.set $offset (i32.add (local.get $offset) (i32.const 16)))
        (br $tail)))
    (local.set $acc0 (f32x4.add
      (f32x4.add (local.get $acc0) (local.get $acc1))
      (f32x4.add (local.get $acc2) (local.get $acc3))))
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $acc0)) (f32x4.extract_lane 1 (local.get $acc0)))
      (f32.add (f32x4.extract_lane 2 (local.get $acc0)) (f32x4.extract_lane 3 (local.get $acc0)))))

  ;; Scores $count consecutive f32 rows against the query, one f32 per row written from $out on.
  (func (export "scanF32")
    (param $query i32) (param $rows i32) (param $count i32) (param $strideBytes i32) (param $out i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (f32.store (local.get $out)
          (call $dotF32 (local.get $query) (local.get $rows) (local.get $strideBytes)))
        (local.set $rows (i32.add (local.get $rows) (local.get $strideBytes)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $next))))

  ;; Approximate scores of $count int8 rows: each row holds $codeBytes (a multiple of 32) int8 codes, then its
  ;; f32 scale, within $rowBytes. The query holds 2 * $codeBytes bytes of i16 codes. Each i32 lane sums at most
  ;; $codeBytes / 16 products, so callers keep 127 * queryRange * $codeBytes below 2^31. Writes one f32 per row:
  ;; (integer dot product) * rowScale * $queryScale.
  (func (export "scanI8")
    (param $query i32) (param $rows i32) (param $count i32) (param $codeBytes i32) (param $rowBytes i32)
    (param $queryScale f32) (param $out i32)
    (local $end i32) (local $offset i32) (local $data v128)
    (local $acc0 v128) (local $acc1 v128) (local $acc2 v128) (local $acc3 v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc0 (v128.const i32x4 0 0 0 0))
        (local.set $acc1 (v128.const i32x4 0 0 0 0))
        (local.set $acc2 (v128.const i32x4 0 0 0 0))
        (local.set $acc3 (v128.const i32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (loop $step
          (local.set $data (v128.load (i32.add (local.get $rows) (local.get $offset))))
          (local.set $acc0 (i32x4.add (local.get $acc0) (i32x4.dot_i16x8_s
            (i16x8.extend_low_i8x16_s (local.get $data))
            (v128.load (i32.add (local.get $query) (i32.shl (local.get $offset) (i32.const 1)))))))
          (local.set $acc1 (i32x4.add (local.get $acc1) (i32x4.dot_i16x8_s
            (i16x8.extend_high_i8x16_s (local.get $data))
            (v128.load offset=16 (i32.add (local.get $query) (i32.shl (local.get $offset) (i32.const 1)))))))
          (local.set $data (v128.load offset=16 (i32.add (local.get $rows) (local.get $offset))))
          (local.set $acc2 (i32x4.add (local.get $acc2) (i32x4.dot_i16x8_s
            (i16x8.extend_low_i8x16_s (local.get $data))
            (v128.load offset=32 (i32.add (local.get $query) (i32.shl (local.get $offset) (i32.const 1)))))))
          (local.set $acc3 (i32x4.add (local.get $acc3) (i32x4.dot_i16x8_s
            (i16x8.extend_high_i8x16_s (local.get $data))
            (v128.load offset=48 (i32.add (local.get $query) (i32.shl (local.get $offset) (i32.const 1)))))))
          (local.set $offset (i32.add (local.get $offset) (i32.const 32)))
          (br_if $step (i32.lt_u (local.get $offset) (local.get $codeBytes))))
        (local.set $acc0 (i32x4.add
          (i32x4.add (local.get $acc0) (local.get $acc1))
          (i32x4.add (local.get $acc2) (local.get $acc3))))
        (f32.store (local.get $out)
          (f32.mul
            (f32.mul
              (f32.convert_i32_s (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $acc0)) (i32x4.extract_lane 1 (local.get $acc0)))
                (i32.add (i32x4.extract_lane 2 (local.get $acc0)) (i32x4.extract_lane 3 (local.get $acc0)))))
              (f32.load (i32.add (local.get $rows) (local.get $codeBytes))))
            (local.get $queryScale)))
        (local.set $rows (i32.add (local.get $rows) (local.get $rowBytes)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $next))))

  ;; Reads every byte in [$start, $end) ($end - $start a multiple of 64) and folds them together, so the
  ;; benchmark can measure memory read bandwidth with the same engine and load width as the scans.
  (func (export "readSweep") (param $start i32) (param $end i32) (result i32)
    (local $acc0 v128) (local $acc1 v128) (local $acc2 v128) (local $acc3 v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $start) (local.get $end)))
        (local.set $acc0 (v128.xor (local.get $acc0) (v128.load (local.get $start))))
        (local.set $acc1 (v128.xor (local.get $acc1) (v128.load offset=16 (local.get $start))))
        (local.set $acc2 (v128.xor (local.get $acc2) (v128.load offset=32 (local.get $start))))
        (local.set $acc3 (v128.xor (local.get $acc3) (v128.load offset=48 (local.get $start))))
        (local.set $start (i32.add (local.get $start) (i32.const 64)))
        (br $next)))
    (i32x4.extract_lane 0 (v128.xor
      (v128.xor (local.get $acc0) (local.get $acc1))
      (v128.xor (local.get $acc2) (local.get $acc3)))))
)
