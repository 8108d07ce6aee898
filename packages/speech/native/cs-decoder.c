/*
 * cs-decoder: a long-lived PocketSphinx helper speaking JSON lines.
 *
 * Why a separate process: the PocketSphinx C library is not thread-safe per
 * decoder and can abort() on odd input; running it out of the Node process
 * means a crash costs one request (which the TS pool retries) and never the
 * server.
 *
 * Usage: cs-decoder <hmm-dir> <phone-dict> <phone-lm> [-option value ...]
 * (extra PocketSphinx options override the normal decoder's defaults; used for tuning)
 * Prints {"ready":true} once the model is loaded, then answers one JSON
 * object per request line:
 *   {"id":7,"raw":"/tmp/x.raw","jsgf":"/tmp/x.gram","wide":0,"pitch":1}
 * raw  : 16 kHz mono signed 16-bit little-endian PCM
 * jsgf : grammar whose words are single phones (forced alignment); optional
 * wide : 1 = use the decoder with wider beams (the TS side retries with it)
 * pitch: 1 = add a YIN pitch track (Hz per 10 ms frame, 0 = unvoiced); default 1
 * free : 1 = run free phone recognition (allphone); default 1
 * Reply:
 *   {"id":7,"ok":true,"frames":N,
 *    "align":[["ph",startFrame,endFrame,ascr],...] | null,
 *    "free":[["ph",startFrame,endFrame,ascr],...],
 *    "pitch":[f0,...]}
 * Frames are 10 ms; endFrame is inclusive; ascr is the log acoustic score in
 * PocketSphinx's log base (1.0001), so larger (less negative) is better.
 */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/yin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *g_hmm, *g_dict, *g_lm;
static int g_extra_argc;
static char **g_extra_argv; /* "-name value" pairs overriding the normal decoder's defaults */
static ps_decoder_t *g_ps[2]; /* [0] normal beams, [1] wide beams (lazy) */

static ps_decoder_t *make_decoder(int wide) {
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE,
      "-hmm", g_hmm, "-dict", g_dict,
      "-logfn", "/dev/null",
      "-remove_silence", "no", "-bestpath", "no",
      /* The noise tracker adapts across utterances, which made a score depend on
       * the previous learner's recording; each recording stands alone. */
      "-remove_noise", "no",
      "-allphone_ci", "yes",
      "-beam", wide ? "1e-100" : "1e-60",
      "-pbeam", wide ? "1e-100" : "1e-60",
      "-wbeam", wide ? "1e-80" : "1e-40",
      "-maxhmmpf", wide ? "-1" : "30000",
      "-lw", "2.0",
      "-pip", "1.0",
      NULL);
  if (!config) return NULL;
  if (!wide && g_extra_argc > 0) {
    config = cmd_ln_parse_r(config, ps_args(), g_extra_argc, g_extra_argv, FALSE);
    if (!config) return NULL;
  }
  ps_decoder_t *ps = ps_init(config);
  if (!ps) return NULL;
  if (ps_set_allphone_file(ps, "free", g_lm) < 0) return NULL;
  return ps;
}

/* Minimal extraction of a string or number value for a known key from one
 * flat JSON object written by our own TS side (no nesting needed). */
static int json_str(const char *line, const char *key, char *out, size_t cap) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":\"", key);
  const char *p = strstr(line, pat);
  if (!p) return 0;
  p += strlen(pat);
  size_t n = 0;
  while (*p && *p != '"' && n + 1 < cap) {
    if (*p == '\\' && p[1]) {
      p++;
      out[n++] = (*p == 'n') ? '\n' : (*p == 't') ? '\t' : *p;
    } else {
      out[n++] = *p;
    }
    p++;
  }
  out[n] = 0;
  return 1;
}

static long json_int(const char *line, const char *key, long dflt) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  const char *p = strstr(line, pat);
  if (!p) return dflt;
  return strtol(p + strlen(pat), NULL, 10);
}

static int16 *read_raw(const char *path, size_t *n_samples) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long bytes = ftell(f);
  fseek(f, 0, SEEK_SET);
  if (bytes < 0) { fclose(f); return NULL; }
  int16 *buf = malloc(bytes > 0 ? (size_t)bytes : 2);
  size_t got = fread(buf, 1, (size_t)bytes, f);
  fclose(f);
  *n_samples = got / 2;
  return buf;
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long bytes = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)bytes + 1);
  size_t got = fread(buf, 1, (size_t)bytes, f);
  buf[got] = 0;
  fclose(f);
  return buf;
}

/* Runs the active search over the whole buffer and prints its segments. */
static int decode_and_print(ps_decoder_t *ps, const int16 *pcm, size_t n) {
  if (ps_start_utt(ps) < 0) return -1;
  ps_process_raw(ps, pcm, n, FALSE, TRUE);
  ps_end_utt(ps);
  int32 best;
  const char *hyp = ps_get_hyp(ps, &best);
  if (!hyp) { fputs("null", stdout); return 0; }
  fputc('[', stdout);
  int first = 1;
  for (ps_seg_t *s = ps_seg_iter(ps); s; s = ps_seg_next(s)) {
    int sf, ef;
    int32 ascr, lscr, lback;
    ps_seg_frames(s, &sf, &ef);
    ps_seg_prob(s, &ascr, &lscr, &lback);
    const char *w = ps_seg_word(s);
    if (!first) fputc(',', stdout);
    first = 0;
    /* Word names are phone names or fillers like <sil>, [NOISE]: no quoting needed
     * beyond what JSON requires for these characters. */
    printf("[\"%s\",%d,%d,%d]", w, sf, ef, (int)ascr);
  }
  fputc(']', stdout);
  return 1;
}

/* YIN on an 8 kHz copy (every other sample after a 2-tap low-pass): half the
 * cost, and 50-400 Hz covers adult and child voices. One value per 10 ms. */
static void print_pitch(const int16 *pcm, size_t n) {
  size_t n8 = n / 2;
  int16 *ds = malloc((n8 + 1) * sizeof(int16));
  for (size_t i = 0; i < n8; i++) ds[i] = (int16)(((int)pcm[2 * i] + (int)pcm[2 * i + 1]) / 2);
  const int frame = 320, hop = 80;
  yin_t *y = yin_init(frame, 0.1f, 0.2f, 0);
  yin_start(y);
  fputc('[', stdout);
  size_t frames = n / 160;
  for (size_t k = 0; k < frames; k++) {
    size_t start = k * hop;
    uint16 period = 0, diff = 0;
    if (start + frame <= n8) {
      yin_write(y, ds + start);
      if (!yin_read(y, &period, &diff)) period = 0;
    }
    double f0 = 0;
    /* bestdiff is a normalised aperiodicity (0..32768); keep clear periods only. */
    if (period > 0 && diff < 0.3 * 32768) f0 = 8000.0 / period;
    if (f0 > 420 || f0 < 50) f0 = 0;
    if (k) fputc(',', stdout);
    printf("%.1f", f0);
  }
  fputc(']', stdout);
  yin_end(y);
  yin_free(y);
  free(ds);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: cs-decoder <hmm-dir> <phone-dict> <phone-lm>\n");
    return 2;
  }
  g_hmm = argv[1];
  g_dict = argv[2];
  g_lm = argv[3];
  g_extra_argc = argc - 4;
  g_extra_argv = argv + 4;
  err_set_logfp(NULL);
  g_ps[0] = make_decoder(0);
  if (!g_ps[0]) {
    printf("{\"ready\":false,\"error\":\"cannot load model\"}\n");
    fflush(stdout);
    return 1;
  }
  printf("{\"ready\":true}\n");
  fflush(stdout);

  size_t cap = 1 << 16;
  char *line = malloc(cap);
  char raw[4096], jsgf[4096];
  while (fgets(line, (int)cap, stdin)) {
    long id = json_int(line, "id", -1);
    if (!json_str(line, "raw", raw, sizeof raw)) {
      printf("{\"id\":%ld,\"ok\":false,\"error\":\"missing raw\"}\n", id);
      fflush(stdout);
      continue;
    }
    int has_jsgf = json_str(line, "jsgf", jsgf, sizeof jsgf);
    int wide = (int)json_int(line, "wide", 0) ? 1 : 0;
    int want_pitch = (int)json_int(line, "pitch", 1);
    int want_free = (int)json_int(line, "free", 1);
    size_t n = 0;
    int16 *pcm = read_raw(raw, &n);
    if (!pcm) {
      printf("{\"id\":%ld,\"ok\":false,\"error\":\"cannot read audio\"}\n", id);
      fflush(stdout);
      continue;
    }
    if (wide && !g_ps[1]) g_ps[1] = make_decoder(1);
    ps_decoder_t *ps = g_ps[wide];
    printf("{\"id\":%ld,\"ok\":true,\"frames\":%zu,\"align\":", id, n / 160);
    if (has_jsgf) {
      char *gram = read_text(jsgf);
      if (gram && ps_set_jsgf_string(ps, "align", gram) >= 0 && ps_set_search(ps, "align") >= 0) {
        decode_and_print(ps, pcm, n);
      } else {
        fputs("null", stdout);
      }
      free(gram);
    } else {
      fputs("null", stdout);
    }
    fputs(",\"free\":", stdout);
    if (want_free) {
      ps_set_search(ps, "free");
      decode_and_print(ps, pcm, n);
    } else {
      fputs("null", stdout);
    }
    if (want_pitch) {
      fputs(",\"pitch\":", stdout);
      print_pitch(pcm, n);
    }
    fputs("}\n", stdout);
    fflush(stdout);
    free(pcm);
  }
  free(line);
  return 0;
}
