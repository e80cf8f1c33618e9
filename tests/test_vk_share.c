/* Render targets whose textures come from a gl_texture_source (gl/gl_util.h), and the
 * one the app uses with --interop vulkan: GL textures over Vulkan images
 * (gfx/vk_share.h). A counting source: every texture a target makes is given back,
 * once, on resize and on destroy. Vulkan's (on the GL context's device; lavapipe under
 * llvmpipe in CI): the targets are complete, GL writes and reads back their texels (an
 * odd size, both formats), a resize makes new images and frees the old, each exports a
 * descriptor of the right format and size for CUDA, a texture GL made itself is refused
 * with a message, and a semaphore is made where GL and the device both have the fd
 * extensions (else refused saying which is missing). */
#include <fcntl.h>
#include <unistd.h>

#include "app/compute_context.h"
#include "gfx/vk_share.h"
#include "test_util.h"

static int made, freed;

static int counting_create(void *user, GLenum format, int w, int h, GLuint *tex, sw_error *err)
{
    (void)user;
    (void)err;
    *tex = gl_texture_2d(format, w, h);
    made++;
    return 0;
}

static void counting_destroy(void *user, GLuint tex)
{
    (void)user;
    glDeleteTextures(1, &tex);
    freed++;
}

static const GLenum formats[2] = {GL_RGBA16F, GL_R32F};

static void counting_source(void)
{
    gl_texture_source src = {counting_create, counting_destroy, NULL};
    gl_target t;
    sw_error err;
    CHECK(gl_target_create_from(&t, 33, 17, formats, 2, true, &src, &err) == 0);
    CHECK(made == 2 && freed == 0);
    CHECK(gl_target_resize(&t, 40, 9, &err) == 0);
    CHECK_MSG(made == 4 && freed == 2, "after a resize: %d made, %d freed", made, freed);
    gl_target_destroy(&t);
    CHECK_MSG(made == 4 && freed == 4, "after destroy: %d made, %d freed", made, freed);
}

/* Clears target T's attachment I to VALUE and reads texel (x, y)'s first channel back. */
static float clear_and_read(const gl_target *t, int i, float value, int x, int y)
{
    const float v[4] = {value, value * 0.5f, 0.25f, 1.0f};
    glClearNamedFramebufferfv(t->fbo, GL_COLOR, i, v);
    float got[4] = {-1, -1, -1, -1};
    glGetTextureSubImage(t->color[i], 0, x, y, 0, 1, 1, 1, i ? GL_RED : GL_RGBA, GL_FLOAT, sizeof got, got);
    return got[0];
}

static void vulkan_source(void)
{
    sw_error err;
    vk_share *vk = NULL;
    if (vk_share_create(&vk, &err)) {
        CHECK_MSG(0, "Vulkan could not open on GL's device (scripts/bootstrap installs lavapipe): %s", err.msg);
        return;
    }
    gl_target t;
    CHECK(gl_target_create_from(&t, 37, 29, formats, 2, true, vk_share_texture_source(vk), &err) == 0);
    CHECK(glCheckNamedFramebufferStatus(t.fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
    CHECK(vk_share_owns(vk, t.color[0]) && vk_share_owns(vk, t.color[1]));
    CHECK(clear_and_read(&t, 0, 0.75f, 36, 28) == 0.75f);
    CHECK(clear_and_read(&t, 1, 3.5f, 0, 28) == 3.5f);
    GLuint old = t.color[0];
    CHECK(gl_target_resize(&t, 64, 3, &err) == 0);
    CHECK(vk_share_owns(vk, t.color[0]) && (t.color[0] == old || !vk_share_owns(vk, old)));
    CHECK(clear_and_read(&t, 0, 2.0f, 63, 2) == 2.0f);
    for (int i = 0; i < 2; i++) {
        vk_share_memory m;
        CHECK(vk_share_export(vk, t.color[i], &m, &err) == 0);
        CHECK_MSG(m.fd >= 0 && fcntl(m.fd, F_GETFD) != -1, "export %d: fd %d", i, m.fd);
        CHECK(m.format == formats[i] && m.width == 64 && m.height == 3);
        CHECK_MSG(m.size >= (uint64_t)64 * 3 * (i ? 4 : 8), "export %d: %llu bytes", i, (unsigned long long)m.size);
        if (m.fd >= 0) close(m.fd);
    }
    GLuint own = gl_texture_2d(GL_RGBA16F, 4, 4);
    vk_share_memory m;
    CHECK(!vk_share_owns(vk, own) && vk_share_export(vk, own, &m, &err) == -1);
    CHECK_MSG(strstr(err.msg, "not one Vulkan allocated") != NULL, "%s", err.msg);
    glDeleteTextures(1, &own);
    GLuint sem = 0;
    int fd = -1;
    if (GLAD_GL_EXT_semaphore_fd && !vk_share_semaphore(vk, &sem, &fd, &err)) {
        CHECK(sem != 0 && glIsSemaphoreEXT(sem) && fd >= 0);
        glDeleteSemaphoresEXT(1, &sem);
        close(fd);
        printf("semaphores: made and imported\n");
    } else {
        CHECK(vk_share_semaphore(vk, &sem, &fd, &err) == -1 && sem == 0 && fd == -1);
        CHECK_MSG(strstr(err.msg, "_semaphore_fd") != NULL, "%s", err.msg);
        printf("semaphores: refused here (%s)\n", err.msg);
    }
    gl_target_destroy(&t);
    CHECK(!vk_share_owns(vk, old));
    CHECK(glGetError() == GL_NO_ERROR);
    printf("Vulkan device: %s\n", vk_share_device_name(vk));
    vk_share_destroy(&vk);
    CHECK(vk == NULL);
}

int main(void)
{
    sw_error err;
    if (compute_gl_context(NULL, &err)) TEST_SKIP("no OpenGL 4.5 context: %s", err.msg);
    counting_source();
    vulkan_source();
    compute_gl_context_release();
    if (test_failures) {
        fprintf(stderr, "%d failure(s)\n", test_failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
